import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * Fixtures of the timed-speech journeys (issue 39), made at test time: a short video made with ffmpeg, and a
 * dubbing script "in another language" (German) as an SRT, whose lines are sized against the stand-in's voices.
 */

/** The reference video's shape: small and short, so making it takes a fraction of a second. */
export const REFERENCE_VIDEO = { seconds: 16, width: 320, height: 180, frameRate: 25 } as const;

/**
 * An MP4 as a camera or an editing suite hands it over: H.264 (yuv420p, a key frame every second) with a test
 * pattern that moves, and a 440 Hz tone as its own sound (AAC, 48 kHz stereo), the index at the front.
 */
export function makeReferenceVideo(folder: string, name = 'picture.mp4'): string {
  const { seconds, width, height, frameRate } = REFERENCE_VIDEO;
  const file = path.join(folder, name);
  execFileSync(
    'ffmpeg',
    [
      ['-hide_banner', '-loglevel', 'error', '-y'],
      ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${frameRate}:duration=${seconds}`],
      ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ['-map', '0:v', '-map', '1:a'],
      ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', String(frameRate)],
      ['-c:a', 'aac', '-b:a', '96k', '-ac', '2'],
      ['-movflags', '+faststart', file],
    ].flat(),
  );
  return file;
}

export interface DubCue {
  speaker: 'ANNA' | 'BEN';
  text: string;
  startMs: number;
  endMs: number;
}

/**
 * Seven German lines for two speakers, in two lanes' worth of dialogue (no cue overlaps another, as an SRT's
 * must not). At the estimate's pace (15 characters a second at rate 1) and the stand-in's voices' real pace
 * (espeak at 165–175 words a minute, measured: 2.9–3.2 s for line 3, 4.4–4.8 s for line 5, 3.1–3.4 s for line
 * 7), four fit their slots with room to spare and three do not:
 *
 * - line 3 needs ~1.8× (inside the app's 0.5–2 range): fixed by accepting the rate;
 * - line 5 needs ~2.3× (outside the range), but nobody speaks in its lane after it before the video's end, so it
 *   may run on (dynamic) into the 4.4 s of free time after its slot;
 * - line 7 needs ~1.6×: left as it is, its take overruns its slot by 0.7–1 s and is flagged Needs review.
 */
export const GERMAN_DUB: readonly DubCue[] = [
  { speaker: 'ANNA', text: 'Guten Morgen, Ben!', startMs: 400, endMs: 2_400 },
  { speaker: 'BEN', text: 'Morgen. Kaffee?', startMs: 2_600, endMs: 4_400 },
  {
    speaker: 'ANNA',
    text: 'Ich habe die ganze Nacht an unserem Bericht gearbeitet.',
    startMs: 4_600,
    endMs: 6_600,
  },
  { speaker: 'BEN', text: 'Dann trink erst einen Kaffee.', startMs: 6_800, endMs: 9_000 },
  {
    speaker: 'ANNA',
    text: 'Der Bericht ist fertig, aber die Zahlen für das dritte Quartal stimmen noch nicht.',
    startMs: 9_200,
    endMs: 11_600,
  },
  { speaker: 'BEN', text: 'Zeig mal her.', startMs: 11_800, endMs: 13_200 },
  {
    speaker: 'BEN',
    text: 'Gut, dann rechnen wir die Tabelle heute gemeinsam durch.',
    startMs: 13_400,
    endMs: 15_800,
  },
];

/** Indexes into GERMAN_DUB of the lines the journeys treat specially (see GERMAN_DUB). */
export const DUB_LINES = { rateFix: 2, runOn: 4, overrun: 6 } as const;

/** `HH:MM:SS,mmm`, as SRT writes a time. */
function srtTime(ms: number): string {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(ms % 1000, 3)}`;
}

/** The cues as an SRT file (UTF-8, CRLF line ends, as subtitle tools write them), speakers as `NAME:` prefixes. */
export async function writeDubSrt(
  folder: string,
  cues: readonly DubCue[] = GERMAN_DUB,
  name = 'dialog.de.srt',
): Promise<string> {
  const text = cues
    .map(
      (cue, index) =>
        `${index + 1}\r\n${srtTime(cue.startMs)} --> ${srtTime(cue.endMs)}\r\n${cue.speaker}: ${cue.text}\r\n`,
    )
    .join('\r\n');
  const file = path.join(folder, name);
  await writeFile(file, text, 'utf8');
  return file;
}
