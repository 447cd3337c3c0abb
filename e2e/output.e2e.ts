import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutTimeline, readProjectFile } from '../common/project/index.js';
import type { Project } from '../common/project/index.js';
import { KeytarSecretStore } from '../main/services/secrets/keytar-secret-store.js';
import type { RunningApp } from './support/app-process.js';
import { startApp } from './support/app-process.js';
import { launchChromium } from './support/browser.js';
import { startSuiteStandin } from './support/standin.js';

/** WAV duration from its header: data bytes / (rate × channels × bytes per sample). */
function wavDurationMs(bytes: Buffer): number {
  const channels = bytes.readUInt16LE(22);
  const rate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'data') return (size / (rate * channels * (bits / 8))) * 1000;
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function parseSrtTime(text: string): number {
  const [hms = '', ms = '0'] = text.trim().split(',');
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return ((h * 60 + m) * 60 + s) * 1000 + Number(ms);
}

function parseSrt(text: string): { startMs: number; endMs: number; text: string }[] {
  return text
    .trim()
    .split(/\r?\n\r?\n/u)
    .map((cue) => {
      const lines = cue.split(/\r?\n/u);
      const [start = '', end = ''] = (lines[1] ?? '').split(' --> ');
      return { startMs: parseSrtTime(start), endMs: parseSrtTime(end), text: lines.slice(2).join(' ') };
    });
}

const speech = [
  'Welcome back to the river show. Today we follow the water from the hills.',
  'Rivers carry water, stones and stories down to the sea.',
  'Thank you for listening, and see you next week.',
];

describe('journey: generate a three-track project, regenerate one block, export WAV and SRT', () => {
  let browser: Browser;
  let standin: Awaited<ReturnType<typeof startSuiteStandin>>;
  let app: RunningApp;
  let context: BrowserContext;
  let page: Page;
  let outDir: string;

  beforeAll(async () => {
    [browser, standin] = await Promise.all([launchChromium(), startSuiteStandin({ speed: 40 })]);
    outDir = await mkdtemp(path.join(tmpdir(), 'timbre-e2e-export-'));
    app = await startApp({
      env: {
        TIMBRE_STANDIN_URL: standin.url,
        TIMBRE_STANDIN_VOICES: standin.marketVoices.map((voice) => voice.id).join(','),
        TIMBRE_EXPORT_DIR: outDir,
      },
    });
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(app.url);
  });
  afterAll(async () => {
    await context.close();
    await app.dispose();
    await new KeytarSecretStore().delete(standin.url).catch(() => false);
    await Promise.all([browser.close(), standin.dispose()]);
    await rm(outDir, { recursive: true, force: true });
  });

  const taskPosts = () => standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST');

  async function savedProject(): Promise<Project> {
    await page.getByTestId('save-status').filter({ hasText: /saved/i }).waitFor();
    const folder = path.join(app.dataDir, 'projects');
    const [file] = (await readdir(folder)).filter((name) => name.endsWith('.timbre'));
    const read = readProjectFile(await readFile(path.join(folder, file ?? ''), 'utf8'));
    if (!read.ok) throw new Error(read.message);
    return read.project;
  }

  it('sends every block once, then only the edited one, and exports audio and subtitles that match the timeline', async () => {
    await page.getByTestId('nav-projects').click();
    await page.getByTestId('new-project').click();
    await page.getByTestId('new-project-title').fill('River show');
    await page.getByTestId('new-project-submit').click();
    await page.getByTestId('project-editor').waitFor();

    for (const [index, text] of speech.entries()) {
      await page.getByTestId('add-text-block').click();
      const box = page.getByTestId('script-text').nth(index);
      await box.click();
      await box.fill(text);
    }
    await page.getByTestId('add-sfx-block').click();
    await page.getByTestId('field-text').fill('a wooden door creaks open');
    await page.getByTestId('field-text').blur();
    await page.getByTestId('add-music-block').click();
    await page.getByTestId('field-text').fill('calm piano, slow tempo');
    await page.getByTestId('field-text').blur();

    await page.getByTestId('generate-project').filter({ hasText: 'Generate 5 blocks' }).click();
    await page
      .getByTestId('generate-project')
      .filter({ hasText: 'All generated' })
      .waitFor({ timeout: 60_000 });
    expect(taskPosts()).toHaveLength(1);
    expect(taskPosts()[0]?.summary).toMatchObject({ blocks: 5 });

    // Edit one block: only it is sent again.
    const second = page.getByTestId('script-text').nth(1);
    await second.click();
    await second.press('End');
    await second.pressSequentially(' Even the smallest stream.');
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 1 block' }).click();
    await page
      .getByTestId('generate-project')
      .filter({ hasText: 'All generated' })
      .waitFor({ timeout: 60_000 });
    expect(taskPosts()).toHaveLength(2);
    expect(taskPosts()[1]?.summary).toMatchObject({ blocks: 1 });
    // The stand-in keeps the first 80 characters of what was sent: the edited block, with its new words.
    expect(taskPosts()[1]?.summary.textPreview).toBe(`${speech[1]} Even the smallest stream.`.slice(0, 80));

    // Export WAV + SRT and compare with the timeline the editor saved.
    await page.getByTestId('export-open').click();
    const outputPath = path.join(outDir, 'River show.wav');
    await page.getByTestId('export-path').fill(outputPath);
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('export-start').click();
    await page.getByTestId('export-done').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('export-output-path').textContent()).toBe(outputPath);
    await page.getByTestId('export-close').click();

    const project = await savedProject();
    const layout = layoutTimeline(project);
    expect(layout.estimated).toBe(false);
    const durationMs = wavDurationMs(await readFile(outputPath));
    expect(Math.abs(durationMs - layout.totalMs)).toBeLessThan(30);

    const cues = parseSrt(await readFile(path.join(outDir, 'River show.srt'), 'utf8'));
    expect(cues.length).toBeGreaterThanOrEqual(speech.length);
    for (const cue of cues) {
      const block = layout.speech.find(
        (item) => cue.startMs >= item.startMs - 1 && cue.endMs <= item.endMs + 1,
      );
      expect(block, `cue "${cue.text}" lies inside a speech block`).toBeDefined();
    }
    const spoken = cues.map((cue) => cue.text).join(' ');
    expect(spoken).toContain('Even the smallest stream.');
  });
  it('exports a batch of projects, generating what one of them lacks, and lists the files it wrote', async () => {
    // A second project, imported from pasted text: none of its blocks has audio yet.
    await page.getByTestId('nav-projects').click();
    await page.getByTestId('editor-close').click();
    await page.getByTestId('import-text').click();
    await page
      .getByTestId('import-text-input')
      .fill('The harbour wakes early.\n\nBoats leave before the sun is up.');
    await page.getByTestId('import-title').fill('Harbour notes');
    await page.getByTestId('import-submit').click();
    await page.getByTestId('project-editor').waitFor();
    await page.getByTestId('editor-close').click();
    await page.getByTestId('project-list').waitFor();
    const postsBefore = taskPosts().length;

    await page.getByTestId('nav-exports').click();
    await page.getByTestId('batch-add').click();
    await page.getByTestId('batch-select-all').check();
    const batchDir = path.join(outDir, 'batch');
    await page.getByTestId('batch-destination').fill(batchDir);
    await page.getByTestId('batch-name-template').fill('{index} {title}');
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('batch-generate-missing').check();
    await page.getByTestId('batch-add-submit').click();

    const items = page.getByTestId('batch-item');
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('[data-testid="batch-item"]')];
        return rows.length === 2 && rows.every((row) => row.getAttribute('data-status') === 'done');
      },
      undefined,
      { timeout: 90_000 },
    );
    expect(await items.count()).toBe(2);
    const written = (await readdir(batchDir)).sort();
    expect(written.filter((name) => name.endsWith('.mp3'))).toHaveLength(2);
    expect(written.filter((name) => name.endsWith('.srt'))).toHaveLength(2);
    expect(written.some((name) => name.includes('Harbour notes'))).toBe(true);
    // Only the imported project needed the service: the river show's audio was already cached.
    expect(taskPosts().length).toBe(postsBefore + 1);
    expect(taskPosts().at(-1)?.summary).toMatchObject({ blocks: 2 });
    expect(await page.getByTestId('batch-overall-text').textContent()).toMatch(/^2 done, 0 failed/);
  });
});
