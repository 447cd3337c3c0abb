import { beforeEach, describe, expect, it } from 'vitest';
import type { StoreApi } from 'zustand';
import { updateBlock } from '../../common/project/block-edits.js';
import { createTextBlock } from '../../common/project/block-factory.js';
import type { Project } from '../../common/project/project-schema.js';
import { sampleProject } from '../../common/project/test-support.js';
import type { DocumentState } from './document-store.js';
import { createDocumentStore } from './document-store.js';
import type { FollowerClock, ProjectFollower } from './project-follower.js';
import { FOLLOWER_TIMING, burstWaitMs, createProjectFollower } from './project-follower.js';

/**
 * A clock the test moves by hand. The page is idle unless `busy` is set: an idle turn then comes at the next
 * millisecond, and when busy only once its timeout has passed.
 */
class FakeClock implements FollowerClock {
  time = 0;
  busy = false;
  timersSet = 0;
  private tasks: { at: number; idle: boolean; run: () => void }[] = [];

  now = (): number => this.time;
  after = (ms: number, run: () => void): (() => void) => {
    this.timersSet += 1;
    return this.add({ at: this.time + ms, idle: false, run });
  };
  whenIdle = (run: () => void, timeoutMs: number): (() => void) =>
    this.add({ at: this.time + timeoutMs, idle: true, run });

  advance(ms: number): void {
    const end = this.time + ms;
    while (this.time < end) {
      this.time += 1;
      for (const task of [...this.tasks]) {
        const due = task.at <= this.time || (task.idle && !this.busy);
        if (!due || !this.tasks.includes(task)) continue;
        this.tasks = this.tasks.filter((other) => other !== task);
        task.run();
      }
    }
  }

  get waiting(): number {
    return this.tasks.length;
  }

  private add(task: { at: number; idle: boolean; run: () => void }): () => void {
    this.tasks.push(task);
    return () => {
      this.tasks = this.tasks.filter((other) => other !== task);
    };
  }
}

function bookOf(blocks: number): Project {
  const project = sampleProject();
  return {
    ...project,
    tracks: {
      ...project.tracks,
      speech: {
        blocks: Array.from({ length: blocks }, (_, index) =>
          createTextBlock({ id: `b${index}`, text: `Line ${index}.` }),
        ),
      },
    },
  };
}

describe('project follower', () => {
  let clock: FakeClock;
  let document: StoreApi<DocumentState>;
  let follower: ProjectFollower;
  let notified: number;
  const current = (): Project | undefined => document.getState().doc?.project;
  const type = (blockId: string, text: string): void => {
    document.getState().apply((project) => updateBlock(project, blockId, { text }), {
      label: 'Typing',
      coalesceKey: `text:${blockId}`,
    });
  };
  const open = (project: Project): void =>
    document.getState().open({ fileName: `${project.id}.timbre`, project });

  beforeEach(() => {
    clock = new FakeClock();
    document = createDocumentStore();
    follower = createProjectFollower(document, clock);
    notified = 0;
    follower.subscribe(() => {
      notified += 1;
    });
  });

  it('shows another document at once, in the same update as the editor, and nothing once it is closed', () => {
    const first = bookOf(3);
    open(first);
    expect(follower.shown()).toBe(first);
    const second = { ...bookOf(5), id: 'second' };
    open(second);
    expect(follower.shown()).toBe(second);
    document.getState().close();
    expect(follower.shown()).toBeNull();
    expect(notified).toBe(3);
    expect(clock.waiting).toBe(0);
  });

  it('tells its views that another document must show at once and that an edit may wait for a free moment', () => {
    const urgency: boolean[] = [];
    follower.subscribe((urgent) => urgency.push(urgent));
    open(bookOf(3));
    clock.advance(1_000);
    document.getState().apply((project) => updateBlock(project, 'b1', { pauseAfterMs: 900 }), {
      label: 'Pause after',
    });
    clock.advance(1);
    type('b2', 'Typed.');
    clock.advance(1_000);
    open({ ...bookOf(5), id: 'second' });
    expect(urgency).toEqual([true, false, false, true]);
  });

  it('shows an edit after a quiet spell at the next idle moment, not within the edit', () => {
    open(bookOf(3));
    clock.advance(1_000);
    document.getState().apply((project) => updateBlock(project, 'b1', { pauseAfterMs: 900 }), {
      label: 'Pause after',
    });
    expect(follower.shown()).not.toBe(current());
    clock.advance(1);
    expect(follower.shown()).toBe(current());
    expect(notified).toBe(2);
  });

  it('shows other edits in quick succession at most every 250 ms (an undo right after adding a block)', () => {
    open(bookOf(3));
    clock.advance(1_000);
    const shownAt: number[] = [];
    follower.subscribe(() => shownAt.push(clock.time));
    const start = clock.time;
    document.getState().apply((project) => updateBlock(project, 'b1', { pauseAfterMs: 900 }), {
      label: 'Pause after',
    });
    clock.advance(150);
    document.getState().undo();
    clock.advance(FOLLOWER_TIMING.minWaitMs);
    expect(shownAt.map((at) => at - start)).toEqual([1, FOLLOWER_TIMING.minWaitMs + 2]);
    expect(follower.shown()).toBe(current());
  });

  it('shows a single keystroke once typing pauses, not at once', () => {
    open(bookOf(3));
    clock.advance(1_000);
    type('b1', 'E');
    clock.advance(FOLLOWER_TIMING.minWaitMs - 1);
    expect(follower.shown()).not.toBe(current());
    clock.advance(2);
    expect(follower.shown()).toBe(current());
  });

  it('waits for idle time, but no longer than its timeout while the page stays busy', () => {
    open(bookOf(3));
    clock.advance(1_000);
    clock.busy = true;
    document.getState().apply((project) => updateBlock(project, 'b1', { volumeDb: -3 }), { label: 'Volume' });
    clock.advance(FOLLOWER_TIMING.idleTimeoutMs - 1);
    expect(follower.shown()).not.toBe(current());
    clock.advance(1);
    expect(follower.shown()).toBe(current());
  });

  it('follows a small project’s typing about four times a second and always shows the last keystroke', () => {
    open(bookOf(20));
    clock.advance(1_000);
    const shownAt: number[] = [];
    follower.subscribe(() => shownAt.push(clock.time));
    const start = clock.time;
    for (let key = 1; key <= 60; key += 1) {
      type('b3', 'x'.repeat(key));
      clock.advance(50);
    }
    const gaps = shownAt.slice(1).map((at, index) => at - shownAt[index]!);
    expect(shownAt[0]! - start).toBeLessThanOrEqual(FOLLOWER_TIMING.minWaitMs + 1);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(FOLLOWER_TIMING.minWaitMs + 50);
    expect(shownAt.length).toBeGreaterThanOrEqual(10);
    type('b3', 'last');
    expect(follower.shown()).not.toBe(current());
    clock.advance(FOLLOWER_TIMING.quietMs);
    expect(follower.shown()).toBe(current());
  });

  it('follows a 10,000-block book’s typing about once a second', () => {
    const book = bookOf(10_000);
    expect(burstWaitMs(book, FOLLOWER_TIMING)).toBe(FOLLOWER_TIMING.maxWaitMs);
    open(book);
    clock.advance(1_000);
    const shownAt: number[] = [];
    follower.subscribe(() => shownAt.push(clock.time));
    for (let key = 1; key <= 100; key += 1) {
      type('b5000', 'y'.repeat(key));
      clock.advance(50);
    }
    // 5 s of typing: once a second, with a timer moved on a few times a second, not set at every keystroke.
    expect(clock.timersSet).toBeLessThanOrEqual(25);
    expect(shownAt[0]).toBeGreaterThanOrEqual(2_000 - 50);
    expect(shownAt.length).toBeGreaterThanOrEqual(4);
    expect(shownAt.length).toBeLessThanOrEqual(5);
    const gaps = shownAt.slice(1).map((at, index) => at - shownAt[index]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(FOLLOWER_TIMING.maxWaitMs - 50);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(FOLLOWER_TIMING.maxWaitMs + 50);
    clock.advance(FOLLOWER_TIMING.quietMs);
    expect(follower.shown()).toBe(current());
  });

  it('keeps an idle turn it asked for when more edits come, so a busy page still follows', () => {
    open(bookOf(20));
    clock.advance(1_000);
    clock.busy = true;
    const edited: (Project | undefined)[] = [];
    for (let key = 0; key < 6; key += 1) {
      document.getState().apply((project) => updateBlock(project, 'b1', { pauseAfterMs: 100 * key }), {
        label: 'Pause after',
      });
      edited.push(current());
      clock.advance(30);
    }
    // Edits at 0, 30, 60, 90…: the first edit's idle turn times out at 100 ms, and shows the edit of 90 ms.
    expect(notified).toBe(2);
    expect(follower.shown()).toBe(edited[3]);
  });

  it('stops following once disposed', () => {
    open(bookOf(3));
    clock.advance(1_000);
    type('b1', 'Edited.');
    follower.dispose();
    clock.advance(1_000);
    expect(follower.shown()).not.toBe(current());
    expect(notified).toBe(1);
    expect(clock.waiting).toBe(0);
  });
});
