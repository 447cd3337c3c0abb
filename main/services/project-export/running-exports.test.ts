import { describe, expect, it } from 'vitest';
import { RunningExports } from './running-exports.js';

describe('RunningExports', () => {
  it('counts exports of both origins once each, shows their mean progress, and cancels only the origin named', () => {
    const running = new RunningExports();
    const shown: (number | null)[] = [];
    running.onChange(() => shown.push(running.fraction()));
    const dialog = new AbortController();
    const queue = new AbortController();
    const fromDialog = running.begin({ id: 'a', origin: 'dialog', controller: dialog });
    const fromQueue = running.begin({ id: 'b', origin: 'queue', controller: queue, fraction: 0.5 });
    expect(running.count()).toBe(2);
    fromDialog.progress(1);
    expect(shown).toEqual([0, 0.25, 0.75]);

    running.cancel('b', 'dialog');
    running.cancelAll('dialog');
    expect([dialog.signal.aborted, queue.signal.aborted]).toEqual([true, false]);

    fromDialog.end();
    fromDialog.end();
    expect(running.count()).toBe(1);
    fromQueue.end();
    expect(running.count()).toBe(0);
    expect(shown.at(-1)).toBeNull();
  });
});
