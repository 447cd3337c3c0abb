import { groupedNumber } from '../../common/text/grouped-number.js';

/** Every count the editor and the list show, grouped as English writes it ("1,234"): see groupedNumber. */
export function formatCount(value: number): string {
  return groupedNumber(value);
}

/** `1 block`, `1,234 characters`: the count grouped as above, and the singular where English needs it. */
export function formatCountOf(count: number, singular: string, plural: string): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}

export interface ClockOptions {
  /**
   * `down` (the default) for a position or time passed: the playhead at 0:59.9 has not reached 1:00. `nearest`
   * for a length: a 44.6 s file reads 0:45.
   */
  rounding?: 'down' | 'nearest';
  /** Tenths of a second after the seconds (the ruler's ticks under a second, the status bar's playhead). */
  tenths?: boolean;
  /** Milliseconds after the seconds (m:ss.mmm: where a dragged timed line starts, to the frame). */
  millis?: boolean;
}

/**
 * A time in milliseconds as the app's one clock: `m:ss`, then `h:mm:ss` from an hour (75 minutes read 1:15:00,
 * never 75:00). Anything below zero, or not a number, reads 0:00.
 */
export function formatClock(ms: number, options: ClockOptions = {}): string {
  const whole = Number.isFinite(ms) && ms > 0 ? ms : 0;
  const totalSeconds = options.rounding === 'nearest' ? Math.round(whole / 1000) : Math.floor(whole / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  const tenths =
    options.millis === true
      ? `.${String(Math.floor(whole % 1000)).padStart(3, '0')}`
      : options.tenths === true
        ? `.${Math.floor((whole % 1000) / 100)}`
        : '';
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}${tenths}`
    : `${minutes}:${seconds}${tenths}`;
}
