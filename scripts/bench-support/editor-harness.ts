import { spawn } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { HEADLESS_CHROMIUM_ARGS, requireChromium } from '../system-tools.mjs';

/*
 * The editor benchmarks' harness (bench-editor.ts, bench-timed-project.ts): the built browser shell in Debian's
 * Chromium, opening a project timed from the click to the painted editor, and the timeline scrolled frame by frame.
 */

const repoRoot = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

/* The few DOM shapes the in-page code touches (the scripts are type-checked without the DOM library). */
interface HarnessElement {
  click(): void;
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}
interface HarnessGlobals {
  document: { querySelector(selector: string): HarnessElement | null };
  requestAnimationFrame(callback: (time: number) => void): number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: { childList?: boolean; subtree?: boolean }): void;
    disconnect(): void;
  };
  MessageChannel: new () => {
    port1: { onmessage: (() => void) | null };
    port2: { postMessage(message: unknown): void };
  };
  PerformanceObserver: {
    new (callback: (list: { getEntries(): { duration: number }[] }) => void): {
      observe(options: { type: string; buffered?: boolean }): void;
      disconnect(): void;
    };
    supportedEntryTypes?: readonly string[];
  };
}

export async function openTimed(page: Page, title: string): Promise<number> {
  await page.locator(`[data-testid="project-row"][data-title="${title}"]`).waitFor();
  return page.evaluate(async (wanted) => {
    const g = globalThis as unknown as HarnessGlobals;
    const button = g.document.querySelector(
      `[data-testid="project-row"][data-title="${wanted}"] [data-testid="project-open"]`,
    );
    if (button === null) throw new Error(`No Open button for ${wanted}`);
    const ready = (): boolean =>
      g.document.querySelector('[data-testid="script-text"]') !== null &&
      g.document.querySelector('[data-testid="timeline-block"]') !== null;
    const started = performance.now();
    button.click();
    await new Promise<void>((resolve) => {
      if (ready()) return resolve();
      const observer = new g.MutationObserver(() => {
        if (!ready()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(g.document, { childList: true, subtree: true });
    });
    // Interactive = the editor is on screen: wait for the frame that paints it.
    await new Promise<void>((resolve) =>
      g.requestAnimationFrame(() => {
        const channel = new g.MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
    );
    return performance.now() - started;
  }, title);
}

export async function closeEditor(page: Page): Promise<void> {
  await page.getByTestId('editor-close').click();
  await page.getByTestId('projects-page').waitFor();
}

export interface ScrollFigures {
  frames: number[];
  longFrames: number[];
  distancePx: number;
  loafSupported: boolean;
}

/**
 * Scrolls the timeline in `frames` equal steps, one per animation frame: from start to end, or `distancePx` from
 * `fromPx` (a user reading a stretch, where the fling end to end shows each place for one frame).
 */
export async function scrollTimed(
  page: Page,
  frames: number,
  stretch?: { fromPx: number; distancePx: number },
): Promise<ScrollFigures> {
  return page.evaluate(
    async ({ frameCount, part }) => {
      const g = globalThis as unknown as HarnessGlobals;
      const scroller = g.document.querySelector('[data-testid="timeline-scroll"]');
      if (scroller === null) throw new Error('No timeline');
      const fromPx = part?.fromPx ?? 0;
      scroller.scrollLeft = fromPx;
      const nextFrame = () => new Promise<number>((resolve) => g.requestAnimationFrame(resolve));
      await nextFrame();
      await nextFrame();
      const distancePx = part?.distancePx ?? scroller.scrollWidth - scroller.clientWidth;
      const step = distancePx / frameCount;
      const longFrames: number[] = [];
      const loafSupported =
        g.PerformanceObserver.supportedEntryTypes?.includes('long-animation-frame') ?? false;
      const observer = new g.PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.duration > 50) longFrames.push(entry.duration);
      });
      if (loafSupported) observer.observe({ type: 'long-animation-frame' });
      const stamps: number[] = [await nextFrame()];
      for (let frame = 1; frame <= frameCount; frame += 1) {
        scroller.scrollLeft = fromPx + Math.round(step * frame);
        stamps.push(await nextFrame());
      }
      // Two more frames so the last scroll's rendering is measured too.
      stamps.push(await nextFrame());
      stamps.push(await nextFrame());
      observer.disconnect();
      return {
        frames: stamps.slice(1).map((stamp, index) => stamp - stamps[index]!),
        longFrames,
        distancePx,
        loafSupported,
      };
    },
    { frameCount: frames, part: stretch },
  );
}

/**
 * The renderer bundle's React build: a bundle made with NODE_ENV other than production (as a build run inside
 * vitest makes, where NODE_ENV is "test") is React's development build, several times slower, and its figures
 * would mean nothing. Returns the bundle's file names, to notice a rebuild during the run.
 */
export async function checkRendererBuild(): Promise<string> {
  const assets = path.join(repoRoot, 'dist/renderer/assets');
  const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  for (const name of scripts) {
    if ((await readFile(path.join(assets, name), 'utf8')).includes('jsxDEV')) {
      throw new Error(
        `dist/renderer/assets/${name} is React's development build (built with NODE_ENV≠production): ` +
          'rebuild with `node scripts/build.mjs` and run the benchmark again.',
      );
    }
  }
  return scripts.sort().join(',');
}

/** The built browser shell on a free port, as users run it (the e2e journeys start it the same way). */
export async function startApp(
  dataDir: string,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  // A user with projects this size has left the welcome page long ago (it shows while no service is kept).
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({
      schemaVersion: 1,
      theme: 'system',
      services: [],
      activeServiceUrl: null,
      welcomeDismissed: true,
    }),
    { flag: 'wx' },
  ).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  const child = spawn(
    process.execPath,
    [path.join(repoRoot, 'dist/main/browser-main.mjs'), '--data', dataDir, '--port', '0'],
    // No service: the editor's own cost, without network or sign-in.
    { cwd: repoRoot, env: { ...process.env, TIMBRE_STANDIN_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The app printed no URL in 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Open: (\S+)/u.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The app exited (${code}):\n${output}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CHROMIUM_PATH, else Debian's Chromium, with the flags these machines need (closed network, no GPU, root). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium('The editor benchmark'),
    headless: true,
    args: [...HEADLESS_CHROMIUM_ARGS],
  });
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export const median = (values: readonly number[]): number => percentile(values, 0.5);
