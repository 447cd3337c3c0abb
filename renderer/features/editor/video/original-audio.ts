import type { OriginalAudio } from '../../../../common/project/timing-schema.js';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import { dbToGain } from '../../../../common/export/gain-envelope.js';
import { defaultDuckingSettings } from '../../../../common/export/render-plan.js';

/*
 * The reference video's own sound in the preview: its volume, mute and ducking under speech, as levels in dB that
 * the panel turns into the <video> element's volume. Ducking ramps down and back up with the export's own
 * ducking times (250 ms attack, 600 ms release), so what the user hears is what the export will do.
 */

/** Silence, in dB (muted, or a volume at the schema's floor). */
const SILENT_DB = -Infinity;

/** The level the original sound should reach: its volume, lowered by the ducking while speech plays. */
export function originalAudioTargetDb(audio: OriginalAudio, speaking: boolean): number {
  if (audio.muted) return SILENT_DB;
  return audio.volumeDb + (speaking ? audio.duckDb : 0);
}

/**
 * The level after `elapsedMs` of moving from `currentDb` toward `targetDb`: down over the attack time and up over
 * the release time, for the whole ducking depth (`rangeDb`); a change of volume or mute (no depth) is at once.
 */
export function rampDb(currentDb: number, targetDb: number, elapsedMs: number, rangeDb: number): number {
  if (!Number.isFinite(currentDb) || !Number.isFinite(targetDb) || rangeDb <= 0) return targetDb;
  const down = targetDb < currentDb;
  const rampMs = down ? defaultDuckingSettings.attackMs : defaultDuckingSettings.releaseMs;
  const stepDb = (rangeDb * Math.max(0, elapsedMs)) / rampMs;
  return down ? Math.max(targetDb, currentDb - stepDb) : Math.min(targetDb, currentDb + stepDb);
}

/**
 * The <video> element's volume for a level. The element cannot go above its own 1.0, so a boost above 0 dB is
 * heard at 0 dB in the preview (the export applies it).
 */
export function elementVolume(db: number): number {
  return Number.isFinite(db) ? Math.min(1, Math.max(0, dbToGain(db))) : 0;
}

/** Whether a speech line sounds at `ms` (lines in lanes may overlap and start in any order: every one is asked). */
export function speakingAt(speech: readonly PlacedItem[], ms: number): boolean {
  for (const item of speech) {
    if (item.startMs <= ms && ms < item.endMs) return true;
  }
  return false;
}

/** The original sound's settings as the row and panel show them: "−6 dB · ducks −12 dB", or "Muted". */
export function describeOriginalAudio(audio: OriginalAudio): string {
  if (audio.muted) return 'Muted';
  const volume = `${formatDb(audio.volumeDb)} dB`;
  return audio.duckDb === 0 ? `${volume} · no ducking` : `${volume} · ducks ${formatDb(audio.duckDb)} dB`;
}

function formatDb(db: number): string {
  const rounded = Math.round(db * 10) / 10;
  return rounded < 0 ? `−${String(-rounded)}` : rounded > 0 ? `+${String(rounded)}` : '0';
}
