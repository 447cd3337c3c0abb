import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { layoutTimeline } from '../../../common/project/index.js';
import { contextOf } from '../../../common/project/test-support.js';
import { readBack } from './timbre-process.js';

/** Checks on what a `timbre export` run wrote: WAV lengths, SRT cues, and both against the project's timeline. */

/** Duration of a PCM WAV file from its header (fmt and data chunks). */
export async function wavDurationMs(filePath: string): Promise<number> {
  const bytes = await readFile(filePath);
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = bytes.readUInt32LE(offset + 16);
    if (id === 'data') return (size / byteRate) * 1000;
    offset += 8 + size + (size % 2);
  }
  throw new Error(`${filePath} has no data chunk`);
}

interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

export function parseSrt(text: string): Cue[] {
  const time = (value: string): number => {
    const match = /^(\d\d):(\d\d):(\d\d),(\d\d\d)$/u.exec(value);
    if (!match) throw new Error(`bad SRT time ${value}`);
    const [, h, m, s, ms] = match.map(Number) as [number, number, number, number, number];
    return ((h * 60 + m) * 60 + s) * 1000 + ms;
  };
  return text
    .replace(/\r\n/gu, '\n')
    .trim()
    .split(/\n\n+/u)
    .map((block, index) => {
      const [counter, timing, ...lines] = block.split('\n');
      expect(Number(counter)).toBe(index + 1);
      const [start, end] = (timing ?? '').split(' --> ');
      return { startMs: time(start ?? ''), endMs: time(end ?? ''), text: lines.join(' ') };
    });
}

/** `<outDir>/<name>.wav` lasts as long as the saved project's timeline, and its `.srt` cues sit inside it. */
export async function expectExported(outDir: string, name: string, source: string): Promise<void> {
  const exported = await readBack(source);
  const layout = layoutTimeline(exported, contextOf(exported));
  expect(layout.estimated).toBe(false);
  const durationMs = await wavDurationMs(path.join(outDir, `${name}.wav`));
  expect(Math.abs(durationMs - layout.totalMs)).toBeLessThan(30);
  const cues = parseSrt(await readFile(path.join(outDir, `${name}.srt`), 'utf8'));
  expect(cues.length).toBeGreaterThanOrEqual(exported.tracks.speech.blocks.length);
  for (const cue of cues) {
    expect(cue.startMs).toBeGreaterThanOrEqual(0);
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    expect(cue.endMs).toBeLessThanOrEqual(durationMs + 1);
    expect(cue.text.trim()).not.toBe('');
  }
}
