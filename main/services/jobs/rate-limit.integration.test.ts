import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import type { AnswerInfo } from '../service-client/index.js';
import { ServiceClient } from '../service-client/index.js';
import { JobManager } from './job-manager.js';

/**
 * Ten jobs against a service that allows one request per second per token. Retry-After must hold every request
 * of the service, not only the refused one, and the learned pace must keep 429s rare.
 */
let workDir: string;
let standin: RunningStandin;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-rate-limit-'));
  // Real-time processing (a few seconds a task), so the jobs are polled for a while, as they are in use.
  standin = await startStandin({ speed: 0.5, rateLimit: 1 });
});

afterAll(async () => {
  await standin.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('one rate gate per service and token', () => {
  it('sends nothing inside a Retry-After it has received, and keeps 429s under 10 %', async () => {
    const starts: number[] = [];
    const refusals: { at: number; waitMs: number }[] = [];
    const answers: AnswerInfo[] = [];
    const client = new ServiceClient({
      baseUrl: standin.url,
      getToken: () => 'standin-paid',
      onAttempt: () => starts.push(Date.now()),
      onAnswer: (answer) => {
        answers.push(answer);
        // The wait counts from when the refusal arrived; the callback itself may run later on a loaded machine.
        if (answer.status === 429)
          refusals.push({ at: answer.receivedAt ?? Date.now(), waitMs: answer.retryAfterMs ?? 0 });
      },
    });
    const manager = new JobManager({ client, dataDir: workDir, stopGraceMs: 0 });
    await manager.start();
    const voice = standin.marketVoices[0];
    if (!voice) throw new Error('the stand-in has market voices');
    try {
      const jobs = [];
      for (let index = 0; index < 10; index += 1) {
        jobs.push(
          await manager.submitTask({
            body: {
              contents: [{ type: 'text', voiceId: voice.idForGenerate, text: `Job ${index + 1} speaks.` }],
            },
          }),
        );
      }
      const finished = await Promise.all(jobs.map((job) => manager.waitFor(job.id)));
      expect(finished.map((job) => job.status)).toEqual(Array(10).fill('succeeded'));
    } finally {
      await manager.stop();
      client.close();
    }

    // No attempt started inside a window the app had already been told to wait out.
    const inside = starts.filter((at) =>
      refusals.some((refusal) => at > refusal.at && at < refusal.at + refusal.waitMs),
    );
    const share = refusals.length / answers.length;
    console.log(
      `rate limit 1/s, 10 jobs: ${answers.length} responses, ${refusals.length} were 429 (${(share * 100).toFixed(1)} %), ` +
        `${inside.length} requests started inside a received Retry-After window (before: 136 of 156 were 429, 133 inside)`,
    );
    expect(inside).toEqual([]);
    expect(share).toBeLessThan(0.1);
    // The limit was really in force: the stand-in refused at least once, and the pace was learned from that.
    expect(refusals.length).toBeGreaterThan(0);
  }, 180_000);
});
