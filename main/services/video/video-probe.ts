import path from 'node:path';
import type { InputFormat, InputVideoTrack } from 'mediabunny';
import { IpcError } from '../../../common/ipc/errors.js';
import type { VideoFacts } from '../../../common/ipc/video-methods.js';
import { STUDIO_LIMITS } from '../../../common/project/block-edits.js';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../common/project/timing-schema.js';
import { formatTimestamp } from '../../../common/subtitles/subtitle-format.js';
import type { ReferenceVideo } from '../../../common/project/timing-schema.js';
import { UserFileError } from '../storage/user-file.js';
import { openUserVideo } from './user-video-input.js';

/** What a probe finds; the page's URL is added by whoever serves the file. */
export type ProbedVideo = Omit<VideoFacts, 'url'>;

type Container = VideoFacts['container'];

const MAX_VIDEO_MS = STUDIO_LIMITS.startMs.max;

/**
 * What Chromium plays, so what the page's video panel can show and the export can remux: picture per container,
 * and the sound it can play beside it.
 */
const PLAYABLE: Record<Container, { picture: readonly string[]; sound: readonly string[] }> = {
  mp4: { picture: ['avc'], sound: ['aac', 'mp3', 'opus', 'flac'] },
  mov: { picture: ['avc'], sound: ['aac', 'mp3', 'opus', 'flac'] },
  webm: { picture: ['vp8', 'vp9', 'av1'], sound: ['opus', 'vorbis'] },
};

const ACCEPTED =
  'a reference video must be MP4 or MOV with H.264 picture, or WebM with VP8, VP9 or AV1 picture';
const ACCEPTED_SOUND = 'AAC, MP3, Opus or FLAC in MP4 and MOV; Opus or Vorbis in WebM';

const CODEC_NAMES: Readonly<Record<string, string>> = {
  avc: 'H.264',
  hevc: 'H.265 (HEVC)',
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  prores: 'ProRes',
  aac: 'AAC',
  opus: 'Opus',
  mp3: 'MP3',
  vorbis: 'Vorbis',
  flac: 'FLAC',
  ac3: 'AC-3',
  eac3: 'E-AC-3',
  dts: 'DTS',
  ulaw: 'μ-law',
  alaw: 'A-law',
};

/** A codec as people name it ("H.264", "PCM"), or "an unknown codec". */
export function codecName(codec: string | null): string {
  if (codec === null) return 'a codec the app does not know';
  if (codec.startsWith('pcm-')) return 'PCM';
  return CODEC_NAMES[codec] ?? codec.toUpperCase();
}

/**
 * Reads a video the user chose: its length, picture size, frame rate, codecs and whether it has sound. Refuses,
 * naming the file and the rule, anything that is not a video Chromium plays (the video panel must show it and the
 * export remuxes its picture unchanged). Sound Chromium cannot play does not refuse the picture: the video is then
 * used without its original sound, and `soundNote` says so.
 */
export async function probeVideoFile(filePath: string): Promise<ProbedVideo> {
  const name = `“${path.basename(filePath)}”`;
  const opened = await openUserVideo(filePath);
  try {
    const { input } = opened;
    const format = await input.getFormat().catch(() => undefined);
    if (format === undefined) {
      throw refusal(`${name} is not a video the app can read (or it is damaged): ${ACCEPTED}.`);
    }
    const container = await containerOf(format);
    if (container === undefined) {
      throw refusal(`${name} is a ${format.name} file, which the app does not play: ${ACCEPTED}.`);
    }
    const picture = await input.getPrimaryVideoTrack();
    const sound = await input.getPrimaryAudioTrack();
    if (picture === null) {
      throw refusal(
        sound === null ? damaged(name) : `${name} has no picture (it holds sound only): ${ACCEPTED}.`,
      );
    }
    const pictureCodec = await picture.getCodec();
    const soundCodec = sound === null ? null : await sound.getCodec();
    if (pictureCodec === null || !PLAYABLE[container].picture.includes(pictureCodec)) {
      const coded =
        pictureCodec === null
          ? `its picture is in a codec the app does not know (in ${containerName(container)})`
          : `it holds ${codecName(pictureCodec)} picture in ${containerName(container)}`;
      throw refusal(
        `${name} cannot be played: ${coded}, and ${ACCEPTED}. Export it again in one of those (H.264 MP4 is the safest).`,
      );
    }
    const durationMs = await durationOf(input);
    if (durationMs <= 0) throw refusal(`${name} holds no frames: ${ACCEPTED}.`);
    // Timed lines, their moves and the export all stop at the timeline's 24 hours: a longer video could be set
    // but never dubbed to its end, nor exported.
    if (durationMs > MAX_VIDEO_MS) {
      throw refusal(
        `${name} lasts ${formatTimestamp(durationMs, '.')}, and a project's timeline holds at most 24 hours: cut the video into parts of 24 hours or less.`,
      );
    }
    const playableSound = soundCodec !== null && PLAYABLE[container].sound.includes(soundCodec);
    const video: ReferenceVideo = {
      path: filePath,
      durationMs,
      width: await picture.getDisplayWidth(),
      height: await picture.getDisplayHeight(),
      ...(await frameRateOf(picture)),
      ...(playableSound ? { originalAudio: { ...DEFAULT_ORIGINAL_AUDIO } } : {}),
    };
    return {
      video,
      container,
      videoCodec: codecName(pictureCodec),
      audioCodec: sound === null ? null : codecName(soundCodec),
      sizeBytes: opened.sizeBytes,
      soundNote: sound === null || playableSound ? null : soundNote(soundCodec),
    };
  } catch (error) {
    if (error instanceof IpcError || error instanceof UserFileError) throw error;
    // mediabunny's own words ("Invalid box size") mean nothing to the user.
    throw refusal(damaged(name));
  } finally {
    await opened.close();
  }
}

async function containerOf(format: InputFormat): Promise<Container | undefined> {
  const { MP4, QTFF, WEBM } = await import('mediabunny');
  if (format === MP4) return 'mp4';
  if (format === QTFF) return 'mov';
  if (format === WEBM) return 'webm';
  return undefined;
}

function containerName(container: Container): string {
  return container === 'mov' ? 'MOV' : container === 'mp4' ? 'MP4' : 'WebM';
}

/** The length from the container's header where it says, else from the packets (slower on a long file). */
async function durationOf(input: Awaited<ReturnType<typeof openUserVideo>>['input']): Promise<number> {
  const seconds = (await input.getDurationFromMetadata()) ?? (await input.computeDuration());
  return Math.round(seconds * 1000);
}

/** Frames a second (25, 29.97), from the first packets; absent when the track does not say. */
async function frameRateOf(picture: InputVideoTrack): Promise<{ frameRate?: number }> {
  const measured = (await picture.computePacketStats(120)).averagePacketRate;
  return Number.isFinite(measured) && measured > 0 ? { frameRate: namedFrameRate(measured) } : {};
}

function soundNote(codec: string | null): string {
  return `Its sound is ${codecName(codec)}, which the app cannot play, so the video is used without its own sound (accepted sound: ${ACCEPTED_SOUND}).`;
}

function refusal(message: string): IpcError {
  return new IpcError({ code: 'INVALID_INPUT', field: 'path', message });
}

function damaged(name: string): string {
  return `${name} could not be read as a video: it may be damaged or cut short (${ACCEPTED}).`;
}

/** The rates cameras and editors use; a rate measured from millisecond timestamps lands just beside one. */
const STANDARD_RATES = [23.976, 24, 25, 29.97, 30, 48, 50, 59.94, 60, 100, 119.88, 120];

/** Frames a second as editors name them: the standard rate within 0.1 % of the measured one, else to 3 decimals. */
function namedFrameRate(measured: number): number {
  const nearest = STANDARD_RATES.reduce((best, rate) =>
    Math.abs(rate - measured) < Math.abs(best - measured) ? rate : best,
  );
  return Math.abs(nearest - measured) <= nearest * 0.001 ? nearest : Math.round(measured * 1000) / 1000;
}
