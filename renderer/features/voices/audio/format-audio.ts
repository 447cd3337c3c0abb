import { formatSeconds } from '../../../../common/audio/prompt-check.js';

/** "4.2 s of speech"; from a minute on, "3 min 05 s of speech". */
export function formatSpeech(seconds: number): string {
  const value = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  return value < 60
    ? `${(Math.floor(value * 10) / 10).toFixed(1)} s of speech`
    : `${formatSeconds(value)} of speech`;
}

/** "−20.1 dB" with a real minus sign; "−∞" below −99 dB. */
export function formatDb(db: number): string {
  if (!Number.isFinite(db) || db <= -99.95) return '−∞ dB';
  const text = db.toFixed(1);
  return `${text.startsWith('-') ? `−${text.slice(1)}` : text} dB`;
}
