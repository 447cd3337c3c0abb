import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retailProfile } from '../../../../common/export/retail-profiles.js';
import { ffmpeg } from '../test-support/media-tools.js';
import { checkWrittenDelivery } from './delivery-check.js';

const RATE = 44100;
let folder: string;

/** A chapter as ACX wants it (room tone at −65 dB, a −20 dB RMS tone) or, with `peak` 0.9, mastered too loud. */
async function chapter(target: string, peak: number): Promise<void> {
  const raw = `${target}.f32`;
  let state = 3;
  const bed = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return (state / 2 ** 30 - 1) * 10 ** (-65 / 20) * Math.sqrt(3);
  };
  const samples = Float32Array.from({ length: Math.round(RATE * 9) }, (_, index) =>
    index < RATE * 0.75 || index >= RATE * 6.75 ? bed() : peak * Math.sin((2 * Math.PI * 220 * index) / RATE),
  );
  await writeFile(raw, Buffer.from(samples.buffer));
  await ffmpeg([
    '-f',
    'f32le',
    '-ar',
    String(RATE),
    '-ac',
    '1',
    '-i',
    raw,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '192k',
    target,
  ]);
  await rm(raw);
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'timbre-delivery-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('checkWrittenDelivery', () => {
  it('measures every chapter file of a folder, writes the report into it, and names what fails', async () => {
    const delivery = join(folder, 'Book');
    await mkdir(delivery);
    await chapter(join(delivery, '01 Opening Credits.mp3'), 0.1414);
    await chapter(join(delivery, '02 Chapter One.mp3'), 0.9);
    await writeFile(join(delivery, 'notes.txt'), 'not audio');
    const check = await checkWrittenDelivery(
      retailProfile('acx'),
      'Book',
      delivery,
      new Date('2026-11-27T19:00:00Z'),
    );
    if (!check) throw new Error('a folder of MP3s is measured');
    expect(new Set(check.results.map((result) => result.file))).toEqual(
      new Set(['01 Opening Credits.mp3', '02 Chapter One.mp3', null]),
    );
    const failed = check.results.filter((result) => !result.passed);
    expect(failed.map((result) => [result.file, result.rule])).toEqual([
      ['02 Chapter One.mp3', 'rms'],
      ['02 Chapter One.mp3', 'peak'],
    ]);
    expect(check.reportPath).toBe(join(delivery, 'Pre-flight report.html'));
    const html = await readFile(check.reportPath ?? 'no report was written', 'utf8');
    expect(html).toContain('02 Chapter One.mp3 <small>(2 of');
    expect(html).toContain('2026-11-27T19:00:00.000Z');
    expect(check.warnings[0]).toMatch(
      /^Pre-flight \(ACX.*\): 2 of \d+ checks fail on the delivery files; report: /u,
    );
    expect(check.warnings[1]).toMatch(/narrated by a human/u);
    expect(check.warnings[2]).toMatch(/^02 Chapter One\.mp3: RMS level fails — measured −/u);
  }, 60_000);

  it('writes the report of a single file beside it, under the file’s name', async () => {
    const file = join(folder, 'Episode.mp3');
    await chapter(file, 0.1414);
    const check = await checkWrittenDelivery(retailProfile('inaudio'), 'Episode', file);
    if (!check) throw new Error('an MP3 is measured');
    expect(check.reportPath).toBe(join(folder, 'Episode – Pre-flight report.html'));
    expect(check.results.every((result) => result.passed)).toBe(true);
    expect(check.warnings[0]).toMatch(/all \d+ checks pass on the 1 delivery file\(s\)/u);
  }, 60_000);

  it('keeps an earlier report beside a single file unless the export replaces, naming it as in the way', async () => {
    const file = join(folder, 'Again.mp3');
    await chapter(file, 0.1414);
    const reportPath = join(folder, 'Again – Pre-flight report.html');
    await writeFile(reportPath, 'the earlier report');
    const kept = await checkWrittenDelivery(retailProfile('inaudio'), 'Again', file);
    expect(kept?.reportPath).toBeUndefined();
    expect(kept?.warnings[0]).toMatch(
      /the report was not written: “.*Again – Pre-flight report\.html” is in the way/u,
    );
    expect(await readFile(reportPath, 'utf8')).toBe('the earlier report');
    const replaced = await checkWrittenDelivery(
      retailProfile('inaudio'),
      'Again',
      file,
      new Date(),
      {},
      true,
    );
    expect(replaced?.reportPath).toBe(reportPath);
    expect(await readFile(reportPath, 'utf8')).toMatch(/^<!doctype html>/u);
  }, 60_000);

  it('measures the chapter files inside a zip (stored or deflated), with the report beside the zip', async () => {
    const chapters = join(folder, 'Zipped');
    await mkdir(chapters);
    await chapter(join(chapters, '01 Opening Credits.mp3'), 0.1414);
    await chapter(join(chapters, '02 Chapter One.mp3'), 0.9);
    const zip = join(folder, 'Zipped.zip');
    const archive = new ZipFile();
    archive.addFile(join(chapters, '01 Opening Credits.mp3'), '01 Opening Credits.mp3', { compress: false });
    archive.addFile(join(chapters, '02 Chapter One.mp3'), '02 Chapter One.mp3', { compress: true });
    archive.addBuffer(Buffer.from('not audio'), 'notes.txt');
    archive.end();
    await pipeline(archive.outputStream, createWriteStream(zip));
    const check = await checkWrittenDelivery(retailProfile('acx'), 'Zipped', zip);
    if (!check) throw new Error('a zip of MP3s is measured');
    expect(
      check.results.filter((result) => !result.passed).map((result) => [result.file, result.rule]),
    ).toEqual([
      ['02 Chapter One.mp3', 'rms'],
      ['02 Chapter One.mp3', 'peak'],
    ]);
    expect(check.reportPath).toBe(join(folder, 'Zipped – Pre-flight report.html'));
  }, 60_000);

  it('measures nothing it cannot decode (a zip with no audio): no report, and the caller says so', async () => {
    const zip = join(folder, 'Book.zip');
    const archive = new ZipFile();
    archive.addBuffer(Buffer.from('not audio'), 'notes.txt');
    archive.end();
    await pipeline(archive.outputStream, createWriteStream(zip));
    expect(await checkWrittenDelivery(retailProfile('acx'), 'Book', zip)).toBeUndefined();
  });

  it('names the report path when the report cannot be written', async () => {
    const file = join(folder, 'Blocked.mp3');
    await chapter(file, 0.1414);
    // A folder where the report should go, with Replace chosen: writing it fails, and the error names where.
    await mkdir(join(folder, 'Blocked – Pre-flight report.html'));
    await expect(checkWrittenDelivery(retailProfile('acx'), 'x', file, new Date(), {}, true)).rejects.toThrow(
      /Blocked – Pre-flight report\.html/u,
    );
  }, 60_000);
});
