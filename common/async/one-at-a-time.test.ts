import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time.js';

describe('OneAtATime', () => {
  it('starts a section only once the one before it has ended, even when that one failed', async () => {
    const queue = new OneAtATime();
    const steps: string[] = [];
    const section =
      (name: string, fail = false) =>
      async () => {
        steps.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        steps.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const results = await Promise.allSettled([
      queue.run(section('a')),
      queue.run(section('b', true)),
      queue.run(section('c')),
    ]);
    expect(steps).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
