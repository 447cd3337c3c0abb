import { describe, expect, it } from 'vitest';
import {
  SPEED_SAMPLE_LIMIT,
  describeGenerationCount,
  expectedTaskMs,
  generationSecondsLeft,
  learnServiceSpeed,
  taskTimings,
} from './service-speed.js';

describe('learnServiceSpeed', () => {
  it('knows nothing before a task has finished', () => {
    expect(learnServiceSpeed([])).toBeUndefined();
    expect(learnServiceSpeed([{ characters: 0, durationMs: 500 }])).toBeUndefined();
  });

  it('separates the queue wait from the time per character', () => {
    // 2 s of queue plus 10 ms per character, with a little noise.
    const timings = [100, 400, 1_000, 250, 800].map((characters, index) => ({
      characters,
      durationMs: 2_000 + 10 * characters + (index % 2 === 0 ? 30 : -30),
    }));
    const speed = learnServiceSpeed(timings);
    expect(speed?.samples).toBe(5);
    expect(speed?.queueMs).toBeGreaterThan(1_900);
    expect(speed?.queueMs).toBeLessThan(2_100);
    expect(speed?.msPerCharacter).toBeCloseTo(10, 0);
    expect(
      expectedTaskMs(speed ?? { queueMs: 0, msPerCharacter: 0, samples: 0, largestCharacters: 0 }, 500),
    ).toBeCloseTo(7_000, -2);
  });

  it('reads tasks of one size as the fixed time they showed, not as time per character', () => {
    const speed = learnServiceSpeed([
      { characters: 200, durationMs: 4_000 },
      { characters: 200, durationMs: 6_000 },
    ]);
    expect(speed).toEqual({ queueMs: 5_000, msPerCharacter: 0, samples: 2, largestCharacters: 200 });
  });

  it('does not turn a history of 1-second tasks into minutes for a larger run (issue 36: "about 4:06")', () => {
    // Short takes that each took about a second, mostly the service's queue: the line falls with size.
    const history = [40, 60, 80, 50, 70].map((characters, index) => ({
      characters,
      durationMs: 1_000 + (index % 2 === 0 ? 40 : -40) - characters,
    }));
    const speed = learnServiceSpeed(history);
    if (!speed) throw new Error('learned');
    const left = (characters: number) =>
      generationSecondsLeft({
        now: 0,
        startedAt: 0,
        doneCharacters: 0,
        remainingCharacters: characters,
        openTasks: [{ submittedAt: 0, characters }],
        speed,
      });
    // A task of a size seen takes about what those took; one far larger is not guessed at.
    expect(left(90)).toBe(1);
    expect(left(4_000)).toBeUndefined();
  });

  it('follows the service when it changes speed: only the recent tasks count', () => {
    const slow = Array.from({ length: SPEED_SAMPLE_LIMIT }, (_, index) => ({
      characters: 100 + index * 10,
      durationMs: 50 * (100 + index * 10),
    }));
    const fast = slow.map((timing) => ({ ...timing, durationMs: timing.durationMs / 5 }));
    expect(learnServiceSpeed(slow)?.msPerCharacter).toBeCloseTo(50, 5);
    expect(learnServiceSpeed([...slow, ...fast])?.msPerCharacter).toBeCloseTo(10, 5);
  });
});

describe('generationSecondsLeft', () => {
  const speed = { queueMs: 1_000, msPerCharacter: 10, samples: 3, largestCharacters: 1_000 };

  it('uses the learned speed before the run has audio of its own, tasks running side by side', () => {
    const seconds = generationSecondsLeft({
      now: 10_000,
      startedAt: 9_000,
      doneCharacters: 0,
      remainingCharacters: 1_500,
      // Sent a second ago: 1 s + 1,000 × 10 ms = 11 s in all, 10 s left; the other is not sent yet: 6 s.
      openTasks: [
        { submittedAt: 9_000, characters: 1_000 },
        { submittedAt: undefined, characters: 500 },
      ],
      speed,
    });
    expect(seconds).toBe(10);
  });

  it('switches to the run’s own pace once something is done', () => {
    const seconds = generationSecondsLeft({
      now: 20_000,
      startedAt: 0,
      doneCharacters: 500,
      remainingCharacters: 1_000,
      openTasks: [{ submittedAt: 0, characters: 1_000 }],
      speed,
    });
    expect(seconds).toBe(40);
  });

  it('says nothing when it cannot know, and zero when nothing is left', () => {
    const base = { now: 5_000, startedAt: 0, doneCharacters: 0, remainingCharacters: 100 };
    expect(generationSecondsLeft({ ...base, openTasks: [], speed })).toBeUndefined();
    expect(
      generationSecondsLeft({ ...base, openTasks: [{ submittedAt: 0, characters: 100 }], speed: undefined }),
    ).toBeUndefined();
    expect(generationSecondsLeft({ ...base, remainingCharacters: 0, openTasks: [], speed })).toBe(0);
  });
});

describe('taskTimings', () => {
  it('takes one service’s succeeded tasks, oldest first, and skips what cannot be timed', () => {
    const task = (finishedAt: string, extra: object = {}) => ({
      kind: 'task' as const,
      serviceUrl: 'https://a.example',
      status: 'succeeded',
      characters: 100,
      submittedAt: '2026-01-01T00:00:00.000Z',
      finishedAt,
      ...extra,
    });
    const timings = taskTimings(
      [
        task('2026-01-01T00:00:09.000Z'),
        task('2026-01-01T00:00:03.000Z'),
        task('2026-01-01T00:00:05.000Z', { serviceUrl: 'https://b.example' }),
        task('2026-01-01T00:00:05.000Z', { status: 'failed' }),
        task('2026-01-01T00:00:05.000Z', { kind: 'voice' }),
        task('2026-01-01T00:00:05.000Z', { characters: undefined }),
        task('2026-01-01T00:00:05.000Z', { submittedAt: undefined }),
      ],
      'https://a.example',
    );
    expect(timings).toEqual([
      { characters: 100, durationMs: 3_000 },
      { characters: 100, durationMs: 9_000 },
    ]);
  });

  it('times a task by the service’s stated finish, and leaves out one that finished while the app was closed', () => {
    const task = (extra: object) => ({
      kind: 'task' as const,
      serviceUrl: 'https://a.example',
      status: 'succeeded',
      characters: 100,
      submittedAt: '2026-01-01T00:00:00.000Z',
      // Seen four hours later: the app was closed while the service worked.
      finishedAt: '2026-01-01T04:00:00.000Z',
      resumedAt: '2026-01-01T04:00:00.000Z',
      ...extra,
    });
    expect(
      taskTimings(
        [
          task({ generatedAt: '2026-01-01T00:00:02.000Z' }),
          task({}),
          // A stated finish before the submission is the clocks disagreeing, not a timing.
          task({ generatedAt: '2025-12-31T23:59:00.000Z' }),
          // Watched all along: the app's own reading stands when the service states nothing usable.
          task({ resumedAt: undefined, finishedAt: '2026-01-01T00:00:03.000Z' }),
        ],
        'https://a.example',
      ),
    ).toEqual([
      { characters: 100, durationMs: 2_000 },
      { characters: 100, durationMs: 3_000 },
    ]);
  });
});

describe('describeGenerationCount', () => {
  it('says blocks done of the total and the time left, or that it is still estimating', () => {
    expect(describeGenerationCount({ doneBlocks: 12, totalBlocks: 60, secondsLeft: 65 })).toBe(
      '12 of 60 blocks · about 1 min 05 s left',
    );
    expect(describeGenerationCount({ doneBlocks: 0, totalBlocks: 1 })).toBe(
      '0 of 1 block · estimating time left…',
    );
    expect(describeGenerationCount({ doneBlocks: 60, totalBlocks: 60, secondsLeft: 0 })).toBe(
      '60 of 60 blocks',
    );
  });

  it('counts blocks that ended without audio apart from those generated', () => {
    expect(
      describeGenerationCount({ doneBlocks: 10, failedBlocks: 3, totalBlocks: 40, secondsLeft: 5 }),
    ).toBe('7 of 40 blocks · 3 failed · about 5 s left');
    expect(describeGenerationCount({ doneBlocks: 30, failedBlocks: 30, totalBlocks: 30 })).toBe(
      '0 of 30 blocks · 30 failed',
    );
  });
});
