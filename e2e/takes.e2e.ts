import { execFileSync } from 'node:child_process';
import { sendContext } from '../common/project/send-context.js';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { layoutTimeline } from '../common/project/index.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { savedProject } from './support/saved-project.js';
import { ProjectsPage } from './support/pages/projects-page.js';

const RATE = 44_100;

/** Any audio file as mono float samples at 44.1 kHz (ffmpeg decodes; the app's own decoder is not the judge). */
function decodeMono(filePath: string): Float32Array {
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', filePath, '-f', 'f32le', '-ac', '1', '-ar', `${RATE}`, '-'],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  return new Float32Array(raw.buffer, raw.byteOffset, Math.floor(raw.byteLength / 4));
}

/** Normalised correlation of two equal-length stretches: 1 for the same audio, near 0 for unrelated audio. */
function correlation(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let index = 0; index < a.length; index += 1) {
    ab += a[index]! * b[index]!;
    aa += a[index]! * a[index]!;
    bb += b[index]! * b[index]!;
  }
  return ab / Math.sqrt(aa * bb);
}

async function cachedAudioFile(dataDir: string, cacheKey: string): Promise<string> {
  const cacheDir = path.join(dataDir, 'audio-cache');
  for (const folder of await readdir(cacheDir)) {
    const match = (await readdir(path.join(cacheDir, folder))).find(
      (name) => name.startsWith(cacheKey) && !name.endsWith('.json'),
    );
    if (match) return path.join(cacheDir, folder, match);
  }
  throw new Error(`no cached audio for ${cacheKey}`);
}

const takeRows = (page: Page): Locator => page.getByTestId('take-row');

/** Where the clip being heard is and how loud, read from howler's global list of the page's clips. */
async function heardClip(page: Page): Promise<{ positionS: number; volume: number } | null> {
  return page.evaluate(() => {
    interface Clip {
      playing(): boolean;
      seek(): number;
      volume(): number;
    }
    const clips = (window as unknown as { Howler?: { _howls: Clip[] } }).Howler?._howls ?? [];
    const clip = clips.find((candidate) => candidate.playing());
    return clip ? { positionS: clip.seek(), volume: clip.volume() } : null;
  });
}

/** A clip howler made: its file, whether it plays through Web Audio, whether it had loaded by the time its
 * constructor returned (howler's buffer cache), and how many times it was played. */
interface MadeClip {
  src: string;
  webAudio: boolean;
  loadedAtConstruction: boolean;
  plays: number;
}

/** From now on, notes every clip howler makes on the page, and its plays (read back with `madeClips`). */
async function recordMadeClips(page: Page): Promise<void> {
  await page.evaluate(() => {
    interface HowlInternals {
      _src: string | string[];
      _webAudio: boolean;
      _state: string;
    }
    interface HowlPrototype {
      init(this: HowlInternals, options: unknown): unknown;
      play(this: HowlInternals, ...args: unknown[]): unknown;
    }
    const win = window as unknown as { Howl: { prototype: HowlPrototype }; madeClips: MadeClip[] };
    const made: MadeClip[] = [];
    const clipOf = new WeakMap<object, MadeClip>();
    const { init, play } = win.Howl.prototype;
    win.Howl.prototype.init = function (options) {
      const result = init.call(this, options);
      const clip = {
        src: String(this._src),
        webAudio: this._webAudio,
        loadedAtConstruction: this._state === 'loaded',
        plays: 0,
      };
      made.push(clip);
      clipOf.set(this, clip);
      return result;
    };
    win.Howl.prototype.play = function (...args) {
      const clip = clipOf.get(this);
      if (clip) clip.plays += 1;
      return play.apply(this, args);
    };
    win.madeClips = made;
  });
}

async function madeClips(page: Page): Promise<MadeClip[]> {
  return page.evaluate(() => (window as unknown as { madeClips: MadeClip[] }).madeClips);
}

async function previewFromStart(page: Page): Promise<void> {
  await page.getByTestId('timeline-ruler').click({ position: { x: 2, y: 5 } });
  await page.getByTestId('preview-play').click();
  await expect(page.getByTestId('preview-play')).toHaveAttribute('aria-pressed', 'true');
}

test.use({ service: 'standin', standinOptions: { speed: 40 } });

test.describe('journey: takes of a block', () => {
  test('takes a second take, compares and pins the first, exports it, deletes a take and finds the takes after reopening', async ({
    launchApp,
    page,
  }) => {
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    await page.getByTestId('nav-projects').click();
    await new ProjectsPage(page).create('Takes');
    const editor = new EditorPage(page);
    await editor.addTextBlocks([
      'The lighthouse keeper climbed the stairs every evening.',
      'Tonight the lamp would not light, and the sea was rising.',
    ]);
    await editor.generateAll(2);

    // Every block has a play button once it has audio.
    const playSecond = page.getByTestId('script-row').nth(1).getByTestId('block-play');
    await expect(playSecond).toBeEnabled();
    await playSecond.click();
    await expect(playSecond).toHaveAttribute('aria-pressed', 'true');
    await playSecond.click();
    await expect(playSecond).toHaveAttribute('aria-pressed', 'false');
    // Left to play, the take runs to its end and the button comes back by itself. The changes are timed as they
    // happen: a take that failed to load or play would come back at once, not after its seconds of speech.
    await page.evaluate(() => {
      const seen: { pressed: string | null; atMs: number }[] = [];
      (window as unknown as { playPressed: typeof seen }).playPressed = seen;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target as Element;
          if (target.getAttribute('data-testid') === 'block-play')
            seen.push({ pressed: target.getAttribute('aria-pressed'), atMs: performance.now() });
        }
      }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
    });
    const playFirst = page.getByTestId('script-row').nth(0).getByTestId('block-play');
    await playFirst.click();
    await expect(playFirst).toHaveAttribute('aria-pressed', 'true');
    await expect(playFirst).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
    const pressed = await page.evaluate(
      () => (window as unknown as { playPressed: { pressed: string | null; atMs: number }[] }).playPressed,
    );
    const started = pressed.find((change) => change.pressed === 'true')!.atMs;
    expect(pressed.at(-1)!.atMs - started).toBeGreaterThan(1000);

    // Played from its row, the block is still heard in every timeline preview. While the row's clip lives, howler
    // keeps the file the first preview decoded, and the next preview's clip of it has loaded inside new Howl(): the
    // preview once waited for a 'load' that had already gone by, and played the block as silence.
    await recordMadeClips(page);
    await previewFromStart(page);
    await expect
      .poll(async () => (await madeClips(page)).find((clip) => clip.webAudio && clip.plays > 0)?.src)
      .toBeDefined();
    await page.getByTestId('preview-play').click();
    await expect(page.getByTestId('preview-play')).toHaveAttribute('aria-pressed', 'false');
    const firstPreview = await madeClips(page);
    const firstBlockFile = firstPreview.find((clip) => clip.webAudio && clip.plays > 0)!.src;
    await previewFromStart(page);
    await expect
      .poll(async () => {
        const again = (await madeClips(page))
          .slice(firstPreview.length)
          .find((clip) => clip.webAudio && clip.src === firstBlockFile);
        return again && { loadedAtConstruction: again.loadedAtConstruction, played: again.plays > 0 };
      })
      .toEqual({ loadedAtConstruction: true, played: true });
    await page.getByTestId('preview-play').click();
    await expect(page.getByTestId('preview-play')).toHaveAttribute('aria-pressed', 'false');

    await editor.selectOnTimeline('text', 1);
    await expect(takeRows(page)).toHaveCount(1);
    const firstKey = await takeRows(page).first().getAttribute('data-cache-key');

    // Another take: a new seed; the first take stays, the new one is in use.
    await page.getByTestId('another-take').click();
    await expect(takeRows(page)).toHaveCount(2, { timeout: 60_000 });
    const newest = takeRows(page).first();
    const secondKey = await newest.getAttribute('data-cache-key');
    expect(secondKey).not.toBe(firstKey);
    await expect(newest).toHaveAttribute('data-active', 'true');
    const first = page.locator(`[data-testid="take-row"][data-cache-key="${firstKey}"]`);
    await expect(first).toHaveAttribute('data-active', 'false');

    // Compare A/B: switching plays the other take, heard from where the first one was.
    await first.getByTestId('take-compare').click();
    await expect(page.getByTestId('takes-compare')).toBeVisible();
    await page.getByTestId('compare-b').click();
    await expect(page.getByTestId('compare-b')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await heardClip(page))?.positionS ?? 0).toBeGreaterThan(0.8);
    const atSwitchS = (await heardClip(page))!.positionS;
    await page.getByTestId('compare-a').click();
    await expect(page.getByTestId('compare-a')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('compare-b')).toHaveAttribute('aria-pressed', 'false');
    await expect
      .poll(async () => {
        const heard = await heardClip(page);
        return heard !== null && heard.volume === 1 && heard.positionS >= atSwitchS - 0.05;
      })
      .toBe(true);
    await page.getByTestId('compare-close').click();

    // Pin the first take: it is in use again, whatever came later.
    await first.getByTestId('take-pin').click();
    await expect(first).toHaveAttribute('data-active', 'true');
    await expect(first).toHaveAttribute('data-pinned', 'true');

    // Export: the pinned take is what the file holds at that block's place.
    await page.getByTestId('export-open').click();
    const outputPath = path.join(outDir, 'Takes.wav');
    await page.getByTestId('export-path').fill(outputPath);
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('export-close').click();

    const project = await savedProject(page, app);
    const placed = layoutTimeline(project, sendContext(project, [])).speech[1]!;
    const exported = decodeMono(outputPath);
    const pinned = decodeMono(await cachedAudioFile(app.dataDir, firstKey ?? ''));
    const other = decodeMono(await cachedAudioFile(app.dataDir, secondKey ?? ''));
    const start = Math.round((placed.startMs / 1000) * RATE);
    const length = Math.min(pinned.length, other.length, exported.length - start);
    const atBlock = exported.subarray(start, start + length);
    const withPinned = correlation(atBlock, pinned.subarray(0, length));
    const withOther = correlation(atBlock, other.subarray(0, length));
    expect(withPinned).toBeGreaterThan(0.9);
    expect(withOther).toBeLessThan(withPinned - 0.3);

    // Delete the take not in use.
    const second = page.locator(`[data-testid="take-row"][data-cache-key="${secondKey}"]`);
    await second.getByTestId('take-delete').click();
    await expect(takeRows(page)).toHaveCount(1);

    // Reopen: the takes (and the pin) are kept in the project file.
    await editor.waitSaved();
    await editor.close();
    await page.reload();
    await new ProjectsPage(page).open('Takes');
    await editor.selectOnTimeline('text', 1);
    await expect(takeRows(page)).toHaveCount(1);
    await expect(takeRows(page).first()).toHaveAttribute('data-cache-key', firstKey ?? '');
    await expect(takeRows(page).first()).toHaveAttribute('data-pinned', 'true');
    await expect(takeRows(page).first().getByTestId('take-play')).toBeEnabled();
  });
});
