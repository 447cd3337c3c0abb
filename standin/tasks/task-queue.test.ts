import { describe, expect, it } from 'vitest';
import { TaskQueue } from './task-queue.js';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('TaskQueue', () => {
  it('runs paid tasks before free ones that waited longer, FIFO within a priority', async () => {
    const started: string[] = [];
    const queue = new TaskQueue(1, async (id) => {
      started.push(id);
    });
    queue.setPaused(true);
    queue.enqueue({ id: 'free-1', paid: false, sequence: 1, eligibleAt: 0 });
    queue.enqueue({ id: 'free-2', paid: false, sequence: 2, eligibleAt: 0 });
    queue.enqueue({ id: 'paid-3', paid: true, sequence: 3, eligibleAt: 0 });
    queue.enqueue({ id: 'paid-4', paid: true, sequence: 4, eligibleAt: 0 });
    queue.setPaused(false);
    for (let waited = 0; started.length < 4 && waited < 1000; waited += 5)
      await new Promise((r) => setTimeout(r, 5));
    await queue.close();
    expect(started).toEqual(['paid-3', 'paid-4', 'free-1', 'free-2']);
  });

  it('never runs more than `concurrency` at once and waits for admission time', async () => {
    const gates = new Map<string, ReturnType<typeof deferred>>();
    let running = 0;
    let peak = 0;
    const queue = new TaskQueue(2, async (id) => {
      running += 1;
      peak = Math.max(peak, running);
      const gate = deferred();
      gates.set(id, gate);
      await gate.promise;
      running -= 1;
    });
    const now = Date.now();
    for (const id of ['a', 'b', 'c'])
      queue.enqueue({ id, paid: false, sequence: id.charCodeAt(0), eligibleAt: now + 30 });
    expect(gates.size).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([...gates.keys()]).toEqual(['a', 'b']);
    gates.get('a')?.resolve();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...gates.keys()]).toEqual(['a', 'b', 'c']);
    gates.get('b')?.resolve();
    gates.get('c')?.resolve();
    await queue.close();
    expect(peak).toBe(2);
  });

  it('removes a waiting task so it never starts', async () => {
    const started: string[] = [];
    const queue = new TaskQueue(1, async (id) => {
      started.push(id);
    });
    queue.setPaused(true);
    queue.enqueue({ id: 'x', paid: false, sequence: 1, eligibleAt: 0 });
    expect(queue.remove('x')).toBe(true);
    expect(queue.remove('x')).toBe(false);
    queue.setPaused(false);
    await queue.close();
    expect(started).toEqual([]);
  });
});
