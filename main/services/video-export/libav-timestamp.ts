/**
 * libav.js passes a 64-bit timestamp as two 32-bit numbers: `pts`, its low word (read back as a signed int32), and
 * `ptshi`, its high word. Using the low word alone wraps past 2³¹ ticks: at Opus's 48 kHz, after about 12.4 hours.
 */

const WORD = 2 ** 32;

/** The timestamp libav.js gave as `low` and `high` words (`high` absent: the low word's own sign extension). */
export function fromLibavTimestamp(low: number, high: number | undefined): number {
  const highWord = high ?? (low < 0 ? -1 : 0);
  return highWord * WORD + (low >>> 0);
}

/** `value` (a whole number of ticks) as the `pts` and `ptshi` words libav.js writes into a frame. */
export function toLibavTimestamp(value: number): { pts: number; ptshi: number } {
  const high = Math.floor(value / WORD);
  return { pts: (value - high * WORD) | 0, ptshi: high };
}
