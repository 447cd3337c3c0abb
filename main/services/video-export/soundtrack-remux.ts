import path from 'node:path';
import type {
  EncodedAudioPacketSource,
  EncodedPacket,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  InputAudioTrack,
  InputVideoTrack,
} from 'mediabunny';
import { ExportCancelledError } from '../export/export-errors.js';
import { openUserVideo } from '../video/user-video-input.js';
import { pictureContainerRefusal } from '../../../common/export/video-output.js';
import type { VideoContainer } from '../../../common/export/video-output.js';
import { codecName } from '../video/video-probe.js';
import { registerAudioEncoders } from './audio-encoders.js';
import { encodeSoundtrack } from './aac-lanes.js';
import type { EncodedSoundtrack } from './aac-lanes.js';
import { originalAudioRefusal, outputFormatFor, soundtrackCodecFor } from './container-rules.js';
import { labelSoundHandlers } from './handler-names.js';
import { matroskaLanguage } from './matroska-language.js';
import { openOpusSoundtrack } from './opus-soundtrack.js';

/** The encoding's share of the remux's progress; muxing (copying packets) is the rest. */
const ENCODE_SHARE = 0.9;
/**
 * The file is written in pieces of this size. mediabunny's default, 16 MiB, held up to three such pieces at once
 * (plus a fresh one for the few bytes patched at the file's start when it finishes): ~50 MB of the two-hour remux's
 * peak, against ~3 MB now, for no measurable cost in time.
 */
const WRITE_CHUNK_BYTES = 1024 * 1024;

export interface SoundtrackRemuxRequest {
  /** The user's reference video: its picture is copied packet for packet, never decoded. */
  readonly videoPath: string;
  /** The new mix, a WAV the export engine rendered (the app's own temporary file). */
  readonly mixWavPath: string;
  /** Where the new video goes (a staging name: the caller renames it into place). */
  readonly outputPath: string;
  readonly container: VideoContainer;
  /** Keep the video's own sound as a second audio stream, labelled "Original audio" (packets copied). */
  readonly keepOriginalAudio: boolean;
  /** The new speech's language, ISO 639-2/T ("deu"); absent: undetermined. The original keeps the source's. */
  readonly soundtrackLanguage?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onFraction?: ((fraction: number) => void) | undefined;
}

export interface SoundtrackRemuxResult {
  /** The video stream's length, which the new soundtrack matches to the sample. */
  readonly durationMs: number;
  readonly videoPackets: number;
  readonly originalAudioKept: boolean;
}

/** The labels a player shows in its audio menu. */
export const NEW_SOUNDTRACK_NAME = 'New soundtrack';
export const ORIGINAL_AUDIO_NAME = 'Original audio';

/**
 * A video with a new soundtrack: the picture's packets are copied unchanged (no decoding, no re-encoding), the
 * mix is encoded as AAC and made exactly as long as the video (trimmed, or padded with
 * silence), and the original sound may ride along as a second, labelled stream. Tracks are interleaved by time as
 * they are written, so memory stays flat however long the video is.
 */
export async function remuxWithSoundtrack(request: SoundtrackRemuxRequest): Promise<SoundtrackRemuxResult> {
  await registerAudioEncoders();
  // The same checked reader as the probe: a non-blocking open, a regular file, its size cap, whole reads.
  const video = await openUserVideo(request.videoPath);
  try {
    return await remuxInput(video.input, request);
  } finally {
    await video.close();
  }
}

async function remuxInput(input: Input, request: SoundtrackRemuxRequest): Promise<SoundtrackRemuxResult> {
  const { EncodedAudioPacketSource, EncodedPacketSink, EncodedVideoPacketSource, FilePathTarget, Output } =
    await import('mediabunny');
  const name = path.basename(request.videoPath);
  const video = await input.getPrimaryVideoTrack();
  if (!video) throw new Error(`The video “${name}” has no picture stream to keep.`);
  const videoCodec = await video.getCodec();
  if (videoCodec === null) throw new Error(`The picture of “${name}” is in a codec this app cannot copy.`);
  const refusal = pictureContainerRefusal(name, videoCodec, codecName(videoCodec), request.container);
  if (refusal !== null) throw new Error(refusal);
  const original = request.keepOriginalAudio ? await input.getPrimaryAudioTrack() : null;
  const originalCodec = original ? await original.getCodec() : null;
  const format = await outputFormatFor(request.container);
  const audioRefusal = original ? await originalAudioRefusal(name, originalCodec, request.container) : null;
  if (audioRefusal !== null) throw new Error(audioRefusal);
  const durationSeconds = await video.computeDuration();
  // AAC is encoded first, on both cores (aac-lanes.ts): 90 % of the work; the muxing copies packets. Opus is
  // encoded as the muxer takes it (opus-soundtrack.ts), so its progress is the muxing's.
  const soundtrack =
    request.container === 'webm'
      ? await openOpusSoundtrack({ wavPath: request.mixWavPath, durationSeconds, signal: request.signal })
      : await encodeSoundtrack({
          wavPath: request.mixWavPath,
          durationSeconds,
          workPath: request.outputPath,
          signal: request.signal,
          onFraction: (fraction) => request.onFraction?.(fraction * ENCODE_SHARE),
        });
  const output = new Output({
    format,
    target: new FilePathTarget(request.outputPath, { chunkSize: WRITE_CHUNK_BYTES }),
  });
  let videoPackets = 0;
  try {
    const videoSource = new EncodedVideoPacketSource(videoCodec);
    output.addVideoTrack(videoSource, { rotation: await video.getRotation() });
    const audioSource = new EncodedAudioPacketSource(soundtrackCodecFor(request.container));
    output.addAudioTrack(audioSource, {
      name: NEW_SOUNDTRACK_NAME,
      disposition: { default: true },
      ...(request.soundtrackLanguage === undefined
        ? {}
        : { languageCode: languageFor(request.container, request.soundtrackLanguage) }),
    });
    const originalSource = originalCodec ? new EncodedAudioPacketSource(originalCodec) : null;
    if (original && originalSource) {
      const languageCode = await original.getLanguageCode();
      output.addAudioTrack(originalSource, {
        name: ORIGINAL_AUDIO_NAME,
        disposition: { default: false },
        ...(languageCode !== 'und' ? { languageCode } : {}),
      });
    }
    await output.start();
    const lanes = [
      videoLane(EncodedPacketSink, video, videoSource, () => (videoPackets += 1)),
      soundtrackLane(soundtrack, audioSource),
      ...(original && originalSource
        ? [originalLane(EncodedPacketSink, original, originalSource, durationSeconds)]
        : []),
    ];
    await interleave(lanes, durationSeconds, request, request.container === 'webm' ? 0 : ENCODE_SHARE);
    audioSource.close();
    videoSource.close();
    originalSource?.close();
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  } finally {
    await soundtrack.dispose();
  }
  // Players built on ffmpeg show an MP4's handler name, not udta/name: each audio stream is labelled there too.
  // (Matroska's TrackName, which mediabunny writes from `name`, is what they read in a WebM.)
  if (request.container !== 'webm')
    await labelSoundHandlers(request.outputPath, [
      NEW_SOUNDTRACK_NAME,
      ...(originalCodec !== null ? [ORIGINAL_AUDIO_NAME] : []),
    ]);
  return {
    durationMs: Math.round(durationSeconds * 1000),
    videoPackets,
    originalAudioKept: originalCodec !== null,
  };
}

/** The new speech's language in the container's form: ISO 639-2/T in MP4 and MOV, /B in WebM ("ger"). */
function languageFor(container: VideoContainer, iso639T: string): string {
  return container === 'webm' ? matroskaLanguage(iso639T) : iso639T;
}

/** A track being written: the time it has reached, and a step that writes its next piece (false when done). */
interface Lane {
  at: number;
  step(): Promise<boolean>;
}

/** Writes the lanes in time order (always the one furthest behind), so the muxer never holds one track's backlog. */
async function interleave(
  lanes: Lane[],
  durationSeconds: number,
  request: SoundtrackRemuxRequest,
  startShare: number,
) {
  const open = new Set(lanes);
  let reported = 0;
  while (open.size > 0) {
    if (request.signal?.aborted) throw new ExportCancelledError();
    let behind: Lane | undefined;
    for (const lane of open) if (!behind || lane.at < behind.at) behind = lane;
    if (!(await behind!.step())) open.delete(behind!);
    const fraction = durationSeconds > 0 ? Math.min(1, behind!.at / durationSeconds) : 1;
    if (fraction - reported >= 0.01) {
      reported = fraction;
      request.onFraction?.(startShare + fraction * (1 - startShare));
    }
  }
  request.onFraction?.(1);
}

function videoLane(
  Sink: typeof EncodedPacketSink,
  track: InputVideoTrack,
  source: EncodedVideoPacketSource,
  counted: () => void,
): Lane {
  const packets = new Sink(track).packets();
  let first = true;
  const lane: Lane = {
    at: 0,
    step: async () => {
      const next = await packets.next();
      if (next.done) return false;
      const packet: EncodedPacket = next.value;
      if (first) {
        const decoderConfig = await track.getDecoderConfig();
        await source.add(packet, decoderConfig ? { decoderConfig } : undefined);
        first = false;
      } else await source.add(packet);
      counted();
      lane.at = Math.max(lane.at, packet.timestamp);
      return true;
    },
  };
  return lane;
}

/** The original sound's packets, copied as they are, up to the video's end. */
function originalLane(
  Sink: typeof EncodedPacketSink,
  track: InputAudioTrack,
  source: EncodedAudioPacketSource,
  endSeconds: number,
): Lane {
  const packets = new Sink(track).packets();
  let first = true;
  const lane: Lane = {
    at: 0,
    step: async () => {
      const next = await packets.next();
      if (next.done || next.value.timestamp >= endSeconds) return false;
      const packet: EncodedPacket = next.value;
      if (first) {
        const decoderConfig = await track.getDecoderConfig();
        await source.add(packet, decoderConfig ? { decoderConfig } : undefined);
        first = false;
      } else await source.add(packet);
      lane.at = packet.timestamp;
      return true;
    },
  };
  return lane;
}

/** The encoded soundtrack's packets, in order, as the muxer takes them. */
function soundtrackLane(soundtrack: EncodedSoundtrack, source: EncodedAudioPacketSource): Lane {
  const packets = soundtrack.packets();
  let first = true;
  const lane: Lane = {
    at: 0,
    step: async () => {
      const next = await packets.next();
      if (next.done) return false;
      const packet: EncodedPacket = next.value;
      await source.add(packet, first ? { decoderConfig: soundtrack.decoderConfig } : undefined);
      first = false;
      lane.at = Math.max(lane.at, packet.timestamp);
      return true;
    },
  };
  return lane;
}
