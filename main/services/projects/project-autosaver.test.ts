import { describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { createProject, renameProject } from '../../../common/project/index.js';
import type { AutosaveTimers } from './project-autosaver.js';
import { ProjectAutosaver } from './project-autosaver.js';

/** Timers driven by the test: advance(ms) fires what is due, in order. */
class FakeClock implements AutosaveTimers {
  time = 0;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; callback: () => void }>();

  setTimeout(callback: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.due.set(id, { at: this.time + delayMs, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  get pendingTimers(): number {
    return this.due.size;
  }

  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const next = [...this.due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (next === undefined || next[1].at > end) break;
      this.due.delete(next[0]);
      this.time = next[1].at;
      next[1].callback();
      await settle();
    }
    this.time = end;
    await settle();
  }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const base = createProject({ id: 'p', title: 'v0', createdAt: '2024-01-01T00:00:00Z' });
const version = (n: number): Project => renameProject(base, `v${n}`);

function setup(save: (project: Project) => Promise<void> = async () => undefined) {
  const clock = new FakeClock();
  const saved: string[] = [];
  const errors: unknown[] = [];
  const autosaver = new ProjectAutosaver({
    save: async (project) => {
      await save(project);
      saved.push(project.title);
    },
    delayMs: 1000,
    maxDelayMs: 5000,
    timers: clock,
    now: () => clock.time,
    onError: (error) => errors.push(error),
  });
  return { clock, saved, errors, autosaver };
}

describe('ProjectAutosaver', () => {
  it('saves one second after the last edit, with the newest state only', async () => {
    const { clock, saved, autosaver } = setup();
    autosaver.schedule(version(1));
    await clock.advance(600);
    autosaver.schedule(version(2));
    await clock.advance(600);
    autosaver.schedule(version(3));
    expect(autosaver.status).toBe('pending');
    await clock.advance(999);
    expect(saved).toEqual([]);
    await clock.advance(1);
    expect(saved).toEqual(['v3']);
    expect(autosaver.status).toBe('idle');
    expect(autosaver.hasUnsavedChanges).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  it('still saves at least every maxDelayMs while edits never pause', async () => {
    const { clock, saved, autosaver } = setup();
    for (let n = 1; n <= 60; n++) {
      autosaver.schedule(version(n));
      await clock.advance(200);
    }
    // 12 s of continuous typing with a 5 s ceiling: saves at 5 s and 10 s (the 1 s quiet time never came).
    expect(saved).toEqual(['v25', 'v50']);
    await clock.advance(1000);
    expect(saved).toEqual(['v25', 'v50', 'v60']);
  });

  it('runs one save at a time and then saves the newest state', async () => {
    const releases: (() => void)[] = [];
    const { clock, saved, autosaver } = setup(() => new Promise<void>((resolve) => releases.push(resolve)));
    autosaver.schedule(version(1));
    await clock.advance(1000);
    expect(autosaver.status).toBe('saving');
    autosaver.schedule(version(2));
    autosaver.schedule(version(3));
    await clock.advance(1000);
    expect(releases).toHaveLength(1);
    releases.shift()!();
    await settle();
    expect(saved).toEqual(['v1']);
    expect(releases).toHaveLength(1);
    releases.shift()!();
    await settle();
    expect(saved).toEqual(['v1', 'v3']);
  });

  it('flush saves immediately and waits for the write', async () => {
    const { clock, saved, autosaver } = setup();
    autosaver.schedule(version(7));
    await autosaver.flush();
    expect(saved).toEqual(['v7']);
    expect(clock.pendingTimers).toBe(0);
    await autosaver.flush();
    expect(saved).toEqual(['v7']);
  });

  it('keeps a failed state pending, reports it, and retries on the next flush', async () => {
    let fail = true;
    const { clock, saved, errors, autosaver } = setup(async () => {
      if (fail) throw new Error('disk full');
    });
    autosaver.schedule(version(1));
    await clock.advance(1000);
    expect(errors.map(String)).toEqual(['Error: disk full']);
    expect(autosaver.status).toBe('failed');
    expect(autosaver.hasUnsavedChanges).toBe(true);
    await expect(autosaver.flush()).rejects.toThrow('disk full');
    fail = false;
    await autosaver.flush();
    expect(saved).toEqual(['v1']);
    expect(autosaver.status).toBe('idle');
    expect(autosaver.error).toBeUndefined();
  });

  it('flushes on dispose and refuses edits afterwards', async () => {
    const { saved, autosaver } = setup();
    autosaver.schedule(version(4));
    await autosaver.dispose();
    expect(saved).toEqual(['v4']);
    expect(() => autosaver.schedule(version(5))).toThrow(/disposed/);
  });
});
