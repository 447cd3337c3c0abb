import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCues } from '../../../../common/subtitles/cue-builder.js';
import { HEADLESS_CHROMIUM_ARGS, requireChromium } from '../../../../scripts/system-tools.mjs';
import { formatVtt } from '../../../../common/subtitles/subtitle-format.js';
import { subtitleSourceSchema, type SubtitleCue } from '../../../../common/subtitles/subtitle-types.js';

/**
 * Our WebVTT in a real browser's <track>: Chromium (CHROMIUM_PATH, else Debian's) loads the file through a <video> element and
 * its parsed cues must be ours, to the millisecond and character (markup characters included).
 */

const fixtures = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../common/subtitles/fixtures',
);

let server: Server;
let browser: Browser;
let baseUrl: string;
let cues: SubtitleCue[];

function silentWav(seconds: number): Uint8Array {
  const rate = 8000;
  const data = rate * seconds * 2;
  const bytes = new Uint8Array(44 + data);
  const view = new DataView(bytes.buffer);
  [...'RIFF'].forEach((c, i) => (bytes[i] = c.charCodeAt(0)));
  view.setUint32(4, 36 + data, true);
  [...'WAVEfmt '].forEach((c, i) => (bytes[8 + i] = c.charCodeAt(0)));
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  [...'data'].forEach((c, i) => (bytes[36 + i] = c.charCodeAt(0)));
  view.setUint32(40, data, true);
  return bytes;
}

beforeAll(async () => {
  const sources = ['narration.json', 'estimated.json'].flatMap((name) =>
    z.array(subtitleSourceSchema).parse(JSON.parse(readFileSync(path.join(fixtures, name), 'utf8')).sources),
  );
  // The two fixtures overlap in time; shift the second set after the first.
  const shifted = sources.map((source, index) =>
    index >= 3 ? { ...source, startMs: source.startMs + 40_000 } : source,
  );
  cues = buildCues(shifted);
  const vtt = formatVtt(cues);
  server = createServer((request, response) => {
    if (request.url === '/cues.vtt') {
      response.writeHead(200, { 'content-type': 'text/vtt; charset=utf-8' }).end(vtt);
    } else if (request.url === '/silence.wav') {
      response.writeHead(200, { 'content-type': 'audio/wav' }).end(silentWav(60));
    } else {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><video id="v" src="/silence.wav" preload="auto"><track kind="subtitles" src="/cues.vtt" srclang="en" default></video>',
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    // CHROMIUM_PATH, else Debian's Chromium: the journeys' lookup, which says how to get one when there is none.
    executablePath: requireChromium('The WebVTT browser check'),
    headless: true,
    args: [...HEADLESS_CHROMIUM_ARGS],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('WebVTT in a browser <track>', () => {
  it('is parsed by Chromium into exactly our cues', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    // Runs in the page (a string, as this project's Node typings have no DOM); returns what the <track> parsed.
    const raw: unknown = await page.evaluate(`(async () => {
      const track = document.querySelector('track');
      if (track.readyState !== 2) {
        await new Promise((resolve, reject) => {
          track.addEventListener('load', resolve);
          track.addEventListener('error', () => reject(new Error('the track failed to load')));
        });
      }
      return Array.from(track.track.cues, (cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }));
    })()`);
    const parsed = z.array(z.object({ start: z.number(), end: z.number(), text: z.string() })).parse(raw);
    await page.close();
    expect(parsed).toHaveLength(cues.length);
    parsed.forEach((cue, index) => {
      const ours = cues[index]!;
      expect(cue.start * 1000).toBeCloseTo(ours.startMs, 3);
      expect(cue.end * 1000).toBeCloseTo(ours.endMs, 3);
      // cue.text is the raw cue payload: our escaping of <, > and & must be exactly what WebVTT expects.
      expect(cue.text.replace(/&lt;/gu, '<').replace(/&gt;/gu, '>').replace(/&amp;/gu, '&')).toBe(
        ours.lines.join('\n'),
      );
    });
    expect(parsed.some((cue) => cue.text.includes('&lt;Enter&gt; &amp; wait'))).toBe(true);
  }, 60_000);
});
