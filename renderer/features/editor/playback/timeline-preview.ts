import { Howl } from 'howler';
import { audioFormatOf, whenLoaded } from '../../../shared/clip-player.js';
import { ListenerScope } from '../../../shared/listeners.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { defaultDuckingSettings } from '../../../../common/export/render-plan.js';
import { dbToGain } from '../../../../common/export/gain-envelope.js';
import type { Block, Project } from '../../../../common/project/index.js';
import { VOLUME_DB_MIN, allBlocks, layoutTimeline, playableAudio } from '../../../../common/project/index.js';

/** One generated block placed for playback. */
export interface PreviewClip {
  blockId: string;
  track: 'speech' | 'effects' | 'music';
  startMs: number;
  endMs: number;
  src: string;
  gain: number;
  fadeInMs: number;
  fadeOutMs: number;
  /**
   * A timed line sped up to fit its slot (its layout item's `stretch`): played this much faster through HTML5
   * audio, whose playbackRate keeps the pitch (Chromium's preservesPitch is on by default), so the preview is as
   * long as the export's stretched take. Absent: played at its own speed.
   */
  rate?: number;
}

/**
 * The clips a preview plays, from the timeline and the audio main serves: only blocks whose audio matches their
 * content (a stale block is silent, as it would be missing from an export), with the export's volume and fades.
 * `only` limits it to some blocks (play one block, or the selection).
 */
export function previewClips(
  project: Project,
  context: SendContext,
  mediaPathOf: (cacheKey: string) => string | undefined,
  only?: ReadonlySet<string>,
): PreviewClip[] {
  const blocks = new Map<string, Block>(allBlocks(project).map((block) => [block.id, block]));
  const layout = layoutTimeline(project, context);
  const clips: PreviewClip[] = [];
  for (const item of [...layout.speech, ...layout.effects, ...layout.music]) {
    const block = blocks.get(item.blockId);
    if (!block || (only && !only.has(block.id))) continue;
    if (block.volumeDb <= VOLUME_DB_MIN) continue;
    // The take that exports is the take that plays: the pinned one, else the newest of the current content.
    const audio = playableAudio(block, context);
    const src = audio === undefined ? undefined : mediaPathOf(audio.cacheKey);
    if (!src) continue;
    clips.push({
      blockId: block.id,
      track: item.track,
      startMs: item.startMs,
      endMs: item.endMs,
      src,
      gain: Math.min(1, dbToGain(block.volumeDb)),
      fadeInMs: block.type === 'music' ? block.fadeInMs : 0,
      fadeOutMs: block.type === 'music' ? block.fadeOutMs : 0,
      ...(item.stretch === undefined ? {} : { rate: item.stretch }),
    });
  }
  return clips;
}

/**
 * Blocks in the played range that will be heard as silence because they have no audio for their content (never
 * generated, stale, failed, or not on this computer): the preview says so instead of quietly playing nothing.
 */
export function blocksWithoutAudio(
  project: Project,
  context: SendContext,
  clips: readonly PreviewClip[],
  range: { fromMs: number; toMs?: number; only?: ReadonlySet<string> },
): number {
  const heard = new Set(clips.map((clip) => clip.blockId));
  const blocks = new Map<string, Block>(allBlocks(project).map((block) => [block.id, block]));
  const layout = layoutTimeline(project, context);
  let missing = 0;
  for (const item of [...layout.speech, ...layout.effects, ...layout.music]) {
    if (range.only && !range.only.has(item.blockId)) continue;
    if (item.endMs <= range.fromMs || (range.toMs !== undefined && item.startMs >= range.toMs)) continue;
    const block = blocks.get(item.blockId);
    if (!block || block.volumeDb <= VOLUME_DB_MIN || heard.has(block.id)) continue;
    missing += 1;
  }
  return missing;
}

const LOOKAHEAD_MS = 8_000;
const TICK_MS = 200;

/**
 * Plays clips from a time with howler (Web Audio), scheduling each a little ahead and preloading the next few
 * seconds only, so a long project starts at once. Music is lowered under speech as the export's ducking does.
 */
export class TimelinePreview {
  private readonly playing = new Map<string, { howl: Howl; clip: PreviewClip }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private frame: number | undefined;
  /** The clips' waits to start and to fade out: cancelled together when the preview stops. */
  private readonly clipTimers = new ListenerScope();
  private startedAt = 0;
  private fromMs = 0;
  private untilMs = 0;
  private clips: PreviewClip[] = [];

  constructor(
    private readonly onTime: (ms: number) => void,
    private readonly onEnd: () => void,
  ) {}

  get active(): boolean {
    return this.timer !== undefined;
  }

  play(clips: PreviewClip[], fromMs: number, untilMs?: number): void {
    this.stop();
    this.clips = clips.filter(
      (clip) => clip.endMs > fromMs && (untilMs === undefined || clip.startMs < untilMs),
    );
    this.fromMs = fromMs;
    this.untilMs = untilMs ?? Math.max(fromMs, ...this.clips.map((clip) => clip.endMs));
    this.startedAt = performance.now();
    this.tick();
    this.timer = setInterval(() => this.tick(), TICK_MS);
    const paint = (): void => {
      this.onTime(this.now());
      this.frame = requestAnimationFrame(paint);
    };
    this.frame = requestAnimationFrame(paint);
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    if (this.frame !== undefined) cancelAnimationFrame(this.frame);
    this.timer = undefined;
    this.frame = undefined;
    this.clipTimers.dispose();
    for (const { howl } of this.playing.values()) howl.unload();
    this.playing.clear();
  }

  private now(): number {
    return this.fromMs + (performance.now() - this.startedAt);
  }

  private tick(): void {
    const now = this.now();
    if (now >= this.untilMs) {
      this.stop();
      this.onTime(this.untilMs);
      this.onEnd();
      return;
    }
    for (const clip of this.clips) {
      if (this.playing.has(clip.blockId) || clip.endMs <= now || clip.startMs > now + LOOKAHEAD_MS) continue;
      this.schedule(clip);
    }
    this.duck(now);
  }

  private schedule(clip: PreviewClip): void {
    // Web Audio would change a stretched line's pitch with its rate; HTML5 audio keeps it.
    const stretched = clip.rate !== undefined;
    const howl = new Howl({
      src: [clip.src],
      format: [audioFormatOf(clip.src)],
      volume: clip.gain,
      preload: true,
      ...(stretched ? { html5: true, rate: clip.rate } : {}),
    });
    this.playing.set(clip.blockId, { howl, clip });
    const begin = (): void => {
      const now = this.now();
      if (!this.playing.has(clip.blockId)) return;
      const offsetMs = Math.max(0, now - clip.startMs);
      if (stretched) {
        // Into the take by the timeline's offset times its rate; set before play, since howler drops a seek that
        // comes while an HTML5 play is pending (the take then starts where the seek put it).
        if (offsetMs > 0) howl.seek((offsetMs * (clip.rate ?? 1)) / 1000);
      }
      const id = howl.play();
      if (!stretched && offsetMs > 0) howl.seek(offsetMs / 1000, id);
      if (clip.fadeInMs > offsetMs) howl.fade(0, clip.gain, clip.fadeInMs - offsetMs, id);
      const fadeOutAt = clip.endMs - clip.fadeOutMs - now;
      if (clip.fadeOutMs > 0) {
        this.clipTimers.timeout(
          () => {
            if (this.playing.get(clip.blockId)?.howl === howl)
              howl.fade(howl.volume(), 0, clip.fadeOutMs, id);
          },
          Math.max(0, fadeOutAt),
        );
      }
    };
    // whenLoaded, not once('load'): a clip an earlier preview decoded stays in howler's buffer cache while any Howl
    // of that file lives (the row's take player keeps one), and then loads inside new Howl(): 'load' never comes.
    whenLoaded(howl, () => {
      const wait = clip.startMs - this.now();
      if (wait > 0) this.clipTimers.timeout(begin, wait);
      else begin();
    });
  }

  /** Music at its gain, reduced while a speech clip sounds (the export's default ducking). */
  private duck(now: number): void {
    const speaking = this.clips.some(
      (clip) => clip.track === 'speech' && clip.startMs <= now && clip.endMs > now,
    );
    const reduction = dbToGain(-defaultDuckingSettings.reductionDb);
    for (const { howl, clip } of this.playing.values()) {
      if (clip.track !== 'music' || !howl.playing()) continue;
      const target = speaking ? clip.gain * reduction : clip.gain;
      if (Math.abs(howl.volume() - target) > 0.01)
        howl.fade(howl.volume(), target, defaultDuckingSettings.attackMs);
    }
  }
}
