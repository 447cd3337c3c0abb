import { execFileSync } from 'node:child_process';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';

/*
 * What ffprobe and ffmpeg say of a media file, for journeys that check an exported video as a user's other tools
 * would read it.
 */

export interface ProbedStream {
  index: number;
  codecType: 'video' | 'audio' | 'subtitle' | 'data';
  codecName: string;
  durationMs: number;
  sampleRate?: number;
  /** The stream's title tag (how players label a second audio track), when it has one. */
  title?: string;
  language?: string;
}

interface FfprobeStream {
  index: number;
  codec_type: ProbedStream['codecType'];
  codec_name: string;
  duration?: string;
  sample_rate?: string;
  tags?: { title?: string; language?: string; handler_name?: string };
}

/** The file's streams, with their durations as the container states them. */
export function probeStreams(file: string): ProbedStream[] {
  const output = execFileSync(
    'ffprobe',
    [
      '-v',
      'error',
      '-show_entries',
      'stream=index,codec_type,codec_name,duration,sample_rate:stream_tags',
      '-of',
      'json',
      file,
    ],
    { encoding: 'utf8' },
  );
  const { streams } = JSON.parse(output) as { streams: FfprobeStream[] };
  return streams.map((stream) => ({
    index: stream.index,
    codecType: stream.codec_type,
    codecName: stream.codec_name,
    durationMs: Number(stream.duration ?? Number.NaN) * 1000,
    ...(stream.sample_rate === undefined ? {} : { sampleRate: Number(stream.sample_rate) }),
    ...(stream.tags?.title === undefined ? {} : { title: stream.tags.title }),
    ...(stream.tags?.language === undefined ? {} : { language: stream.tags.language }),
  }));
}

/**
 * The MD5 of the first video stream's packets, copied out unchanged (`ffmpeg -map 0:v -c copy -f md5`): equal for
 * two files exactly when their pictures are the same bytes, whatever container timing either has.
 */
export function videoPacketsMd5(file: string): string {
  const output = execFileSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-'],
    { encoding: 'utf8' },
  );
  return output.trim();
}

/** Samples in one frame of a compressed audio stream: AAC's 1,024, Opus's 20 ms (960 at 48 kHz). */
export function audioFrameMs(stream: ProbedStream): number {
  const rate = stream.sampleRate ?? 48_000;
  return stream.codecName === 'opus' ? 20 : (1024 / rate) * 1000;
}

/**
 * The audio tracks' names as the muxer wrote them (the track's `udta/name` box, which players such as QuickTime
 * show as the track's label; ffprobe 5.1 does not read it), read back with mediabunny.
 */
export async function audioTrackNames(file: string): Promise<(string | null)[]> {
  const input = new Input({ source: new FilePathSource(file), formats: ALL_FORMATS });
  try {
    const tracks = await input.getAudioTracks();
    return Promise.all(tracks.map((track) => track.getName()));
  } finally {
    input.dispose();
  }
}
