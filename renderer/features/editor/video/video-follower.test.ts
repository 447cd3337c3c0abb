import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OriginalAudio } from '../../../../common/project/timing-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import { createTimelineViewStore } from '../../../stores/timeline-view-store.js';
import { VideoFollower } from './video-follower.js';

/** The parts of a <video> the follower uses: happy-dom's element neither loads nor seeks. */
class FakeVideo extends EventTarget {
  readyState = 4;
  currentTime = 0;
  paused = true;
  volume = 1;
  muted = false;
  seeks: number[] = [];
  play(): Promise<void> {
    this.paused = false;
    return Promise.resolve();
  }
  pause(): void {
    this.paused = true;
  }
  /** The follower set currentTime: the seek ends. */
  finishSeek(): void {
    this.seeks.push(this.currentTime);
    this.dispatchEvent(new Event('seeked'));
  }
}

const line = { blockId: 'a', startMs: 2_000, endMs: 4_000, lane: 0, timed: true } as PlacedItem;
let follower: VideoFollower | undefined;
afterEach(() => {
  follower?.dispose();
  vi.restoreAllMocks();
});

const SPEAKING_DUCKS_20_DB: OriginalAudio = { volumeDb: 0, muted: false, duckDb: -20 };

function follow(audio: OriginalAudio | undefined) {
  const element = new FakeVideo();
  const view = createTimelineViewStore();
  follower = new VideoFollower(element as unknown as HTMLVideoElement, view, {
    durationMs: 10_000,
    frameMs: 40,
    originalAudio: () => audio,
    speech: () => [line],
  });
  return { element, view: view.getState() };
}

describe('VideoFollower', () => {
  it('shows the playhead’s frame when stopped, seeking once for a scrub and then to where it ended', () => {
    const { element, view } = follow(SPEAKING_DUCKS_20_DB);
    view.setPlayhead(1_000);
    view.setPlayhead(1_500);
    view.setPlayhead(2_500);
    // One seek in flight: the scrub's later positions wait for it.
    expect(element.currentTime).toBe(1);
    element.finishSeek();
    expect(element.currentTime).toBe(2.5);
    element.finishSeek();
    expect(element.seeks).toEqual([1, 2.5]);
  });

  it('plays with the preview, ducks under speech with the export’s 250 ms attack, and pauses when it stops', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const { element, view } = follow(SPEAKING_DUCKS_20_DB);
    view.setPlayhead(1_000);
    element.finishSeek();
    view.setPreviewing(true);
    expect(element.paused).toBe(false);
    expect(element.volume).toBe(1);
    element.finishSeek();
    now = 125;
    element.currentTime = 2.5;
    view.setPlayhead(2_500);
    // Half the attack: half the 20 dB.
    expect(element.volume).toBeCloseTo(10 ** (-10 / 20), 6);
    now = 400;
    element.currentTime = 2.8;
    view.setPlayhead(2_800);
    expect(element.volume).toBeCloseTo(0.1, 6);
    view.setPreviewing(false);
    expect(element.paused).toBe(true);
    expect(element.volume).toBeCloseTo(1, 6);
  });

  it('keeps ramping when the project changes but not the original sound, and applies a new setting at once', () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const settings = { audio: SPEAKING_DUCKS_20_DB };
    const element = new FakeVideo();
    const store = createTimelineViewStore();
    const view = store.getState();
    follower = new VideoFollower(element as unknown as HTMLVideoElement, store, {
      durationMs: 10_000,
      frameMs: 40,
      originalAudio: () => settings.audio,
      speech: () => [line],
    });
    view.setPlayhead(1_000);
    element.finishSeek();
    view.setPreviewing(true);
    element.finishSeek();
    now = 125;
    element.currentTime = 2.5;
    view.setPlayhead(2_500);
    const halfDucked = 10 ** (-10 / 20);
    expect(element.volume).toBeCloseTo(halfDucked, 6);

    // A line's take arrives while the preview plays: the panel says the project changed; the sound's settings did not.
    follower.settingsChanged();
    expect(element.volume).toBeCloseTo(halfDucked, 6);

    settings.audio = { ...SPEAKING_DUCKS_20_DB, volumeDb: -6 };
    follower.settingsChanged();
    expect(element.volume).toBeCloseTo(10 ** (-26 / 20), 6);
  });

  it('mutes the element for a muted original sound or a video without sound', () => {
    const muted = follow({ volumeDb: 0, muted: true, duckDb: -12 });
    muted.view.setPlayhead(500);
    expect(muted.element.muted).toBe(true);
    const silent = follow(undefined);
    silent.view.setPlayhead(500);
    expect(silent.element.muted).toBe(true);
  });
});
