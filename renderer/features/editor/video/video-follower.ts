import type { StoreApi } from 'zustand';
import type { OriginalAudio } from '../../../../common/project/timing-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import type { TimelineViewState } from '../../../stores/timeline-view-store.js';
import { ListenerScope } from '../../../shared/listeners.js';
import { followAction, nextSeekLead } from './video-sync.js';
import { elementVolume, originalAudioTargetDb, rampDb, speakingAt } from './original-audio.js';

/** What a seek takes before one is measured: about two frames of a local H.264 file. */
const INITIAL_SEEK_LEAD_MS = 80;

export interface FollowedVideo {
  durationMs: number;
  frameMs: number;
  /** The original sound's settings now (undefined: the video has no sound). */
  originalAudio(): OriginalAudio | undefined;
  /** The speech lines as laid out now, for the ducking. */
  speech(): readonly PlacedItem[];
}

/**
 * Keeps a <video> element on the playhead (the decisions are video-sync.ts's) and its volume on the original
 * sound's level with the ducking under speech. It listens to the timeline view store, never re-rendering React:
 * the playhead moves every frame while the preview plays.
 */
export class VideoFollower {
  private readonly scope = new ListenerScope();
  private readonly stopWatching: () => void;
  private seeking = false;
  private seekStartedAt = 0;
  private seekLeadMs = INITIAL_SEEK_LEAD_MS;
  private lastCorrectionAt: number | null = null;
  /** The browser refused to play (no user gesture): not asked again until the preview starts again. */
  private playRefused = false;
  private levelDb: number | null = null;
  /** The original sound's settings the level was last set for. */
  private settings: OriginalAudio | undefined;
  private levelAt = 0;

  constructor(
    private readonly element: HTMLVideoElement,
    private readonly view: StoreApi<TimelineViewState>,
    private readonly video: FollowedVideo,
  ) {
    this.settings = video.originalAudio();
    this.stopWatching = view.subscribe((now, before) => {
      if (now.previewing !== before.previewing) this.playRefused = false;
      if (now.playheadMs !== before.playheadMs || now.previewing !== before.previewing) this.follow();
    });
    this.scope.listen(element, 'seeked', () => this.seeked());
    this.scope.listen(element, 'loadedmetadata', () => this.follow());
  }

  /**
   * The project changed: a change of the original sound's settings is applied at once (a volume or mute change is
   * not ramped); any other edit (a take arriving while the preview plays) leaves a ducking ramp to run on.
   */
  settingsChanged(): void {
    const audio = this.video.originalAudio();
    if (audio !== this.settings) {
      this.settings = audio;
      this.levelDb = null;
    }
    this.follow();
  }

  dispose(): void {
    this.stopWatching();
    this.scope.dispose();
    this.element.pause();
  }

  private follow(): void {
    const element = this.element;
    // Nothing to seek in before the metadata: 'loadedmetadata' calls again.
    if (element.readyState < 1) return;
    const { playheadMs, previewing } = this.view.getState();
    const now = performance.now();
    this.followLevel(playheadMs, previewing, now);
    const action = followAction({
      playheadMs,
      videoMs: element.currentTime * 1000,
      durationMs: this.video.durationMs,
      previewing: previewing && !this.playRefused,
      videoPaused: element.paused,
      seeking: this.seeking,
      frameMs: this.video.frameMs,
      nowMs: now,
      lastCorrectionAtMs: this.lastCorrectionAt,
      seekLeadMs: this.seekLeadMs,
    });
    switch (action.kind) {
      case 'none':
        return;
      case 'pause':
        element.pause();
        this.follow();
        return;
      case 'seek':
        this.seek(action.toMs, now);
        if (action.correction) this.lastCorrectionAt = now;
        return;
      case 'play':
        this.seek(action.fromMs, now);
        this.lastCorrectionAt = now;
        element.play().catch(() => {
          this.playRefused = true;
        });
        return;
    }
  }

  private seek(toMs: number, now: number): void {
    this.seeking = true;
    this.seekStartedAt = now;
    this.element.currentTime = toMs / 1000;
  }

  private seeked(): void {
    if (!this.seeking) return;
    this.seeking = false;
    // Only a seek made while playing tells how far ahead to aim the next one.
    if (!this.element.paused) {
      this.seekLeadMs = nextSeekLead(this.seekLeadMs, performance.now() - this.seekStartedAt);
    }
    this.follow();
  }

  private followLevel(playheadMs: number, previewing: boolean, now: number): void {
    const audio = this.video.originalAudio();
    if (audio === undefined) {
      this.element.muted = true;
      return;
    }
    const target = originalAudioTargetDb(audio, previewing && speakingAt(this.video.speech(), playheadMs));
    // Stopped, or the first frame: at the level at once; playing: ramped as the export ducks.
    this.levelDb =
      this.levelDb === null || !previewing
        ? target
        : rampDb(this.levelDb, target, now - this.levelAt, -audio.duckDb);
    this.levelAt = now;
    this.element.muted = !Number.isFinite(this.levelDb);
    this.element.volume = elementVolume(this.levelDb);
  }
}
