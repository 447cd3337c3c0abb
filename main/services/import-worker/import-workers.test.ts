import { afterEach, describe, expect, it } from 'vitest';
import type { IpcError } from '../../../common/ipc/errors.js';
import type { ImportBuild } from './import-protocol.js';
import { ImportWorkers } from './import-workers.js';

/**
 * How many import workers run at once, and that quitting ends them. Real workers: an import of pasted text is
 * parsed in its worker, which then waits for main's answer (the title, the defaults); the test never gives it, so
 * each worker stays alive at a known point until it is cancelled or disposed.
 */
type Run = {
  importId: string;
  phases: string[];
  asked: boolean;
  outcome: Promise<unknown>;
};

let workers: ImportWorkers;
afterEach(async () => {
  await workers.dispose();
});

function startImport(importId: string): Run {
  const run: Run = { importId, phases: [], asked: false, outcome: Promise.resolve() };
  run.outcome = workers
    .build(
      { source: { type: 'text', text: `Alice: a line for ${importId}.` } },
      { importId, onProgress: ({ phase }) => run.phases.push(phase) },
      () => {
        run.asked = true;
        // Main's answer never comes: the worker stays alive, waiting for it.
        return new Promise<Omit<ImportBuild, 'type'>>(() => undefined);
      },
    )
    .catch((error: unknown) => error);
  return run;
}

const asked = (runs: Run[]): string[] => runs.filter((run) => run.asked).map((run) => run.importId);

describe('ImportWorkers', { timeout: 60_000 }, () => {
  it('runs at most two imports at once; the others wait, say so, can be cancelled, and start in turn', async () => {
    workers = new ImportWorkers();
    const runs = ['first', 'second', 'third', 'fourth'].map(startImport);
    const [first, second, third, fourth] = runs as [Run, Run, Run, Run];

    await expect.poll(() => asked(runs), { timeout: 30_000 }).toEqual(['first', 'second']);
    expect(workers.liveWorkers).toBe(2);
    expect(third.phases).toEqual(['waiting']);
    expect(fourth.phases).toEqual(['waiting']);

    // A waiting import is cancelled without ever starting a worker.
    expect(workers.cancel('fourth')).toBe(true);
    expect(((await fourth.outcome) as IpcError).data).toMatchObject({ code: 'CANCELLED' });
    expect(fourth.phases).toEqual(['waiting']);

    // The first ends: the third starts in its slot.
    expect(workers.cancel('first')).toBe(true);
    expect(((await first.outcome) as IpcError).data).toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => asked(runs), { timeout: 30_000 }).toEqual(['first', 'second', 'third']);
    expect(third.phases[0]).toBe('waiting');
    expect(third.phases).toContain('parsing');
    expect(workers.liveWorkers).toBe(2);
    expect(second.asked).toBe(true);
  });

  it('dispose ends every import, running or waiting, creating nothing, and refuses new ones', async () => {
    workers = new ImportWorkers();
    const runs = ['first', 'second', 'third'].map(startImport);
    await expect.poll(() => asked(runs), { timeout: 30_000 }).toEqual(['first', 'second']);

    await workers.dispose();

    expect(workers.liveWorkers).toBe(0);
    for (const run of runs) {
      expect(((await run.outcome) as IpcError).data).toEqual({
        code: 'CANCELLED',
        message: 'The import of the pasted text was stopped because the app is closing; nothing was created.',
      });
    }
    const late = startImport('late');
    expect(((await late.outcome) as IpcError).data).toMatchObject({ code: 'CANCELLED' });
    expect(late.phases).toEqual([]);
    expect(workers.liveWorkers).toBe(0);
  });

  it('tells its listeners when an import worker starts and when it has exited', async () => {
    workers = new ImportWorkers();
    const seen: number[] = [];
    workers.onChange(() => seen.push(workers.liveWorkers));
    const run = startImport('only');
    await expect.poll(() => run.asked, { timeout: 30_000 }).toBe(true);
    expect(seen).toEqual([1]);

    workers.cancel('only');
    await run.outcome;
    await expect.poll(() => seen, { timeout: 30_000 }).toEqual([1, 0]);
  });
});
