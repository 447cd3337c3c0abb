import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenFileRouter } from './open-file-router.js';
import { projectPathsFromArgv } from './project-file-args.js';
import { decideQuit } from './quit-guard.js';
import { restoreWindowBounds } from './window-state.js';

describe('project files on the command line', () => {
  it('finds .timbre files, resolves them against the launch folder, and skips flags and the executable', () => {
    const argv = [
      '/opt/Timbre Studio/timbre-studio',
      '--no-sandbox',
      'Chapter 1.timbre',
      '/home/ana/B.TIMBRE',
      'notes.txt',
    ];
    expect(projectPathsFromArgv(argv, '/home/ana/books')).toEqual([
      path.resolve('/home/ana/books', 'Chapter 1.timbre'),
      '/home/ana/B.TIMBRE',
    ]);
  });

  it('handles the development layout (electron . file) and duplicates', () => {
    expect(projectPathsFromArgv(['electron', '.', 'a.timbre', './a.timbre'], '/w')).toEqual(['/w/a.timbre']);
    expect(projectPathsFromArgv(['electron'], '/w')).toEqual([]);
  });
});

describe('open-file routing', () => {
  it('keeps files that arrive before the window is ready and delivers them once, in order', () => {
    const router = new OpenFileRouter();
    router.open('/a.timbre');
    router.openAll(['/b.timbre', '/a.timbre']);
    expect(router.pending()).toEqual(['/a.timbre', '/b.timbre']);
    const opened: string[] = [];
    router.attach((file) => opened.push(file));
    expect(opened).toEqual(['/a.timbre', '/b.timbre']);
    expect(router.pending()).toEqual([]);
  });

  it('hands a second launch’s file straight to the running window, and queues again after detach', () => {
    const router = new OpenFileRouter();
    const opened: string[] = [];
    const detach = router.attach((file) => opened.push(file));
    router.openAll(projectPathsFromArgv(['app', 'Second.timbre'], '/docs'));
    expect(opened).toEqual(['/docs/Second.timbre']);
    detach();
    router.open('/later.timbre');
    expect(opened).toHaveLength(1);
    expect(router.pending()).toEqual(['/later.timbre']);
  });
});

describe('quitting with work under way', () => {
  it('quits at once when nothing runs or the user already confirmed', () => {
    expect(decideQuit({ runningJobs: 0, queuedOfflineJobs: 0, runningExports: 0 }, false)).toEqual({
      action: 'quit',
    });
    expect(decideQuit({ runningJobs: 3, queuedOfflineJobs: 1, runningExports: 1 }, true)).toEqual({
      action: 'quit',
    });
  });

  it('asks, and explains that jobs resume and exports are cancelled', () => {
    const decision = decideQuit({ runningJobs: 2, queuedOfflineJobs: 1, runningExports: 0 }, false);
    expect(decision.action).toBe('ask');
    if (decision.action !== 'ask') return;
    expect(decision.message).toBe('Quit while tasks are running?');
    expect(decision.detail).toContain('2 tasks are still being processed');
    expect(decision.detail).toContain('at the next start');
    expect(decision.detail).toContain('1 submission waits');
    const exporting = decideQuit({ runningJobs: 0, queuedOfflineJobs: 0, runningExports: 1 }, false);
    expect(exporting).toMatchObject({ action: 'ask', message: 'Quit and cancel the export in progress?' });
  });
});

describe('window bounds', () => {
  const laptop = { x: 0, y: 0, width: 1440, height: 900 };
  const monitor = { x: 1440, y: 0, width: 2560, height: 1440 };

  it('restores saved bounds on a display that still exists', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: true };
    expect(restoreWindowBounds(saved, [laptop, monitor])).toEqual({ ...saved });
  });

  it('recentres on the primary display when the saved monitor is gone', () => {
    const saved = { x: 1600, y: 100, width: 1400, height: 900, maximized: false };
    expect(restoreWindowBounds(saved, [laptop])).toEqual({
      x: 80,
      y: 40,
      width: 1280,
      height: 820,
      maximized: false,
    });
  });

  it('ignores damaged saved state', () => {
    expect(restoreWindowBounds({ x: 'left' }, [laptop])).toMatchObject({ width: 1280, height: 820 });
    expect(restoreWindowBounds(undefined, [])).toMatchObject({ width: 1280, height: 820 });
  });
});
