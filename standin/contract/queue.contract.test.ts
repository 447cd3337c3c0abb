import { describe, expect, it } from 'vitest';
import { REALISTIC_TIMINGS_MS } from '../options.js';
import { expectOk, waitFor } from '../test-support/http-client.js';
import { ARIA, useStandin } from '../test-support/standin-fixture.js';

// One worker and a slow speed, so tasks really wait for each other.
const SPEED = 5;
const service = useStandin({ concurrency: 1, speed: SPEED });

type TaskRow = { id: string; status: string; startedAt?: string; finishedAt?: string };

const body = (text: string) => ({ contents: [{ type: 'text', voiceId: ARIA.idForGenerate, text }] });

async function submit(token: string, text: string): Promise<string> {
  return String(expectOk(await service.api('POST', '/api/tts/generate', { token, json: body(text) })).id);
}

async function finished(ids: string[]): Promise<Map<string, TaskRow>> {
  return waitFor(
    async () => {
      const rows = expectOk<TaskRow[]>(await service.admin('GET', 'tasks'));
      const wanted = rows.filter((row) => ids.includes(row.id));
      return wanted.every((row) => row.status === 'generated')
        ? new Map(wanted.map((row) => [row.id, row]))
        : undefined;
    },
    'tasks to finish',
    20_000,
  );
}

describe('paid-first queue', () => {
  it('processes a paid task submitted after a free one first when both wait behind a running task', async () => {
    const blocker = await submit('standin-free', 'This task keeps the only worker busy for a while.');
    await waitFor(async () => {
      const task = expectOk(
        await service.api('GET', `/api/tts/generate/${blocker}`, { token: 'standin-free' }),
      );
      return task.status === 'processing' ? true : undefined;
    }, 'blocker processing');
    const free = await submit('standin-free', 'Free task, submitted first.');
    const paid = await submit('standin-paid', 'Paid task, submitted second.');
    const rows = await finished([blocker, free, paid]);
    const startOf = (id: string) => Date.parse(rows.get(id)?.startedAt ?? '');
    // --speed divides the simulated processing time: (1.5 s + 10 ms per character) / 5 for the blocker.
    const blockerCharacters = 'This task keeps the only worker busy for a while.'.length;
    const simulatedMs =
      (REALISTIC_TIMINGS_MS.taskProcessingBase +
        REALISTIC_TIMINGS_MS.taskProcessingPerCharacter * blockerCharacters) /
      SPEED;
    expect(Date.parse(rows.get(blocker)?.finishedAt ?? '') - startOf(blocker)).toBeGreaterThanOrEqual(
      simulatedMs - 5,
    );
    expect(startOf(paid)).toBeGreaterThanOrEqual(Date.parse(rows.get(blocker)?.finishedAt ?? ''));
    expect(startOf(paid)).toBeLessThan(startOf(free));
    expect(startOf(free)).toBeGreaterThanOrEqual(Date.parse(rows.get(paid)?.finishedAt ?? ''));
  });

  it('keeps the order with a paused queue (admin), FIFO among paid tasks', async () => {
    expectOk(await service.admin('POST', 'queue', { paused: true }));
    const free = await submit('standin-free', 'Free one.');
    const paidA = await submit('standin-paid', 'Paid A.');
    const paidB = await submit('standin-paid', 'Paid B.');
    const queue = expectOk<{ paused: boolean; waiting: string[] }>(await service.admin('GET', 'queue'));
    expect(queue).toEqual({ paused: true, waiting: [free, paidA, paidB] });
    expect(
      expectOk(await service.api('GET', `/api/tts/generate/${free}`, { token: 'standin-free' })).status,
    ).toBe('pending');
    // Let all three pass their admission delay, so they all wait when the queue resumes.
    await new Promise((resolve) => setTimeout(resolve, REALISTIC_TIMINGS_MS.taskAdmission / SPEED + 50));
    expectOk(await service.admin('POST', 'queue', { paused: false }));
    const rows = await finished([free, paidA, paidB]);
    const order = [free, paidA, paidB].sort(
      (a, b) => Date.parse(rows.get(a)?.startedAt ?? '') - Date.parse(rows.get(b)?.startedAt ?? ''),
    );
    expect(order).toEqual([paidA, paidB, free]);
  });
});
