import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Frame } from '@libav.js/variant-fat';
import { createLibav, type LibavInstance } from '../../media-codecs/libav.js';
import type { DecodedAudio } from './decoded-audio.js';
import { downmixGains, downmixToStereo } from './stereo-downmix.js';
import { asUserFileError, openUserFile } from '../../storage/user-file.js';
import { MAX_REFERENCE_VIDEO_BYTES } from '../../video/user-video-input.js';

/**
 * Why a video's own sound cannot be mixed: it has no sound track, or one in a codec this build cannot decode. The
 * export goes on without it and says so; any other failure (an unreadable file) stops the export as usual.
 */
export class VideoSoundUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VideoSoundUnavailableError';
  }
}

/**
 * What the decoded file is to its caller, so its errors name it and say what its failure means: `what` and
 * `maxBytes` are the shared reader's (its size cap, "cannot be read as …"), `unusable` ends a sentence.
 */
export interface SoundFileKind {
  readonly what: string;
  readonly maxBytes: number;
  readonly unusable: string;
}

const REFERENCE_VIDEO: SoundFileKind = {
  what: 'a reference video',
  maxBytes: MAX_REFERENCE_VIDEO_BYTES,
  unusable: 'its original sound is not mixed in',
};
/** libav's name for the file it reads through the block reader below (its own in-memory file system). */
const DEVICE = 'reference-video';
/** Packets read per call: a few seconds of AAC or Opus, so at most that much compressed sound is held at a time. */
const READ_LIMIT_BYTES = 64 * 1024;
/** Bytes of the file read at once for libav's reader (a video's picture is read past too: it is interleaved). */
const READ_AHEAD_BYTES = 1024 * 1024;

/**
 * Decodes the first sound track of a reference video (AAC in MP4/MOV, Opus or Vorbis in WebM, anything ffmpeg's
 * libav.js build decodes), yielding runs of float samples in order. ffmpeg's demuxer applies the container's edit
 * list and the codec's priming (AAC's 1,024 samples, Opus's pre-skip), so sample 0 is the picture's time 0, as
 * a player hears it; sound starting later than the picture is led in with silence. libav reads the file through
 * a block reader fed from the shared reader's handle (a regular file, the size cap), a piece at a time: a 2-hour
 * track never sits in memory. `onBytes` learns how far into the file the reading is (for progress).
 */
export async function* decodeVideoSound(
  filePath: string,
  onBytes: (bytesRead: number) => void = () => {},
  kind: SoundFileKind = REFERENCE_VIDEO,
): AsyncGenerator<DecodedAudio> {
  const handle = await openUserFile(filePath, kind);
  let libav: LibavInstance | undefined;
  try {
    const { size } = await handle.stat();
    libav = await createLibav();
    // ffmpeg's notes (libopus's "could not update timestamps" on every WebM) would fill the CLI's output.
    await libav.av_log_set_level(libav.AV_LOG_QUIET);
    yield* decodeWith(libav, handle, size, filePath, onBytes, kind);
  } finally {
    libav?.terminate();
    await handle.close();
  }
}

async function* decodeWith(
  libav: LibavInstance,
  handle: FileHandle,
  size: number,
  filePath: string,
  onBytes: (bytesRead: number) => void,
  kind: SoundFileKind,
): AsyncGenerator<DecodedAudio> {
  let furthest = 0;
  let readFailure: unknown;
  // libav asks for a few kilobytes at a time and waits for them: answered at once, from a read of a whole
  // megabyte (which it then reads from), the decode never waits on a round trip per piece. This runs in the
  // export's worker thread, so the synchronous read blocks no one.
  libav.onblockread = (_name, position, length) => {
    try {
      const bytes = new Uint8Array(
        Math.max(0, Math.min(Math.max(length, READ_AHEAD_BYTES), size - position)),
      );
      const bytesRead = readSync(handle.fd, bytes, 0, bytes.length, position);
      furthest = Math.max(furthest, position + bytesRead);
      libav.ff_block_reader_dev_send_sync(DEVICE, position, bytes.subarray(0, bytesRead));
    } catch (error) {
      readFailure = error;
      libav.ff_block_reader_dev_send_sync(DEVICE, position, null, { error });
    }
  };
  await libav.mkblockreaderdev(DEVICE, size);
  const name = filePath.split(/[\\/]/u).pop() ?? filePath;
  let formatContext: number;
  let streams: Awaited<ReturnType<LibavInstance['ff_init_demuxer_file']>>[1];
  try {
    [formatContext, streams] = await libav.ff_init_demuxer_file(DEVICE);
  } catch (error) {
    if (readFailure !== undefined) throw asUserFileError(readFailure, filePath, 'read');
    throw new VideoSoundUnavailableError(
      `“${name}” could not be opened to read its sound (${describe(error)}), so ${kind.unusable}.`,
    );
  }
  const stream = streams.find((candidate) => candidate.codec_type === libav.AVMEDIA_TYPE_AUDIO);
  if (!stream) {
    await libav.avformat_close_input_js(formatContext);
    throw new VideoSoundUnavailableError(`“${name}” has no sound track, so ${kind.unusable}.`);
  }
  let decoder: [number, number, number, number];
  try {
    decoder = await libav.ff_init_decoder(stream.codec_id, stream.codecpar);
  } catch {
    const codec = await libav.avcodec_get_name(stream.codec_id);
    await libav.avformat_close_input_js(formatContext);
    throw new VideoSoundUnavailableError(
      `“${name}” has its sound in ${codec}, which Timbre Studio cannot decode (AAC, Opus, Vorbis and PCM it can), so ${kind.unusable}.`,
    );
  }
  const [, context, packet, frame] = decoder;
  const timeBase = stream.time_base_num / stream.time_base_den;
  let startFrames: number | undefined;
  try {
    for (;;) {
      const [status, byStream] = await libav.ff_read_multi(formatContext, packet, undefined, {
        limit: READ_LIMIT_BYTES,
      });
      if (readFailure !== undefined) throw asUserFileError(readFailure, filePath, 'read');
      const ended = status === libav.AVERROR_EOF;
      if (status !== 0 && status !== -libav.EAGAIN && !ended) {
        throw new Error(`“${name}”: its sound could not be read (${await libav.ff_error(status)})`);
      }
      const frames = await libav.ff_decode_multi(context, packet, frame, byStream[stream.index] ?? [], {
        fin: ended,
        ignoreErrors: true,
      });
      onBytes(furthest);
      for (const decoded of frames) {
        const audio = toPlanarFloat(libav, decoded);
        if (!audio) continue;
        if (startFrames === undefined) {
          // Sound that starts after the picture (a positive first timestamp) is led in with silence.
          const pts = decoded.pts ?? 0;
          startFrames = Math.max(0, Math.round(pts * timeBase * audio.sampleRate));
          if (startFrames > 0) yield silence(audio.channelData.length, startFrames, audio.sampleRate);
        }
        yield audio;
      }
      if (ended) break;
    }
  } finally {
    await libav.ff_free_decoder(context, packet, frame);
    await libav.avformat_close_input_js(formatContext);
  }
}

/** A decoded frame as planar float, whatever sample format the decoder gave (AAC and Vorbis: planar float). */
function toPlanarFloat(libav: LibavInstance, frame: Frame): DecodedAudio | undefined {
  const samples = frame.nb_samples ?? 0;
  const sampleRate = frame.sample_rate ?? 0;
  if (samples <= 0 || sampleRate <= 0) return undefined;
  const planar = Array.isArray(frame.data);
  const planes = (planar ? frame.data : [frame.data]) as ArrayLike<number>[];
  const channels = planar ? planes.length : Math.max(1, Math.round(planes[0]!.length / samples));
  const scale = sampleScale(libav, frame.format);
  const channelData = Array.from({ length: channels }, (_, channel) => {
    const out = new Float32Array(samples);
    const source = planar ? planes[channel]! : planes[0]!;
    const stride = planar ? 1 : channels;
    const offset = planar ? 0 : channel;
    for (let index = 0; index < samples; index += 1) {
      out[index] = Number(source[index * stride + offset]) * scale.gain + scale.offset;
    }
    return out;
  });
  // Surround is folded to stereo (the centre's dialogue kept), as ffmpeg's -ac 2 does; mono and stereo as they are.
  if (channels <= 2) return { channelData, samplesDecoded: samples, sampleRate };
  const gains = downmixGains(channels, frame.channel_layout);
  return { channelData: downmixToStereo(channelData, gains, samples), samplesDecoded: samples, sampleRate };
}

/** Integer formats to the float range: s16 by 1/32768, s32 by 1/2³¹, u8 centred; float as it is. */
function sampleScale(libav: LibavInstance, format: number): { gain: number; offset: number } {
  if (format === libav.AV_SAMPLE_FMT_S16 || format === libav.AV_SAMPLE_FMT_S16P) {
    return { gain: 1 / 32768, offset: 0 };
  }
  if (format === libav.AV_SAMPLE_FMT_S32 || format === libav.AV_SAMPLE_FMT_S32P) {
    return { gain: 1 / 2 ** 31, offset: 0 };
  }
  if (format === libav.AV_SAMPLE_FMT_U8 || format === libav.AV_SAMPLE_FMT_U8P) {
    return { gain: 1 / 128, offset: -1 };
  }
  return { gain: 1, offset: 0 };
}

function silence(channels: number, frames: number, sampleRate: number): DecodedAudio {
  return {
    channelData: Array.from({ length: channels }, () => new Float32Array(frames)),
    samplesDecoded: frames,
    sampleRate,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
