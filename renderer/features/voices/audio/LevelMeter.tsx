import type { LevelClass } from '../../../../common/audio/levels.js';
import {
  CLIPPING_PEAK_DB,
  PEAK_CEILING_DB,
  TARGET_RMS_DB,
  classifyLevel,
} from '../../../../common/audio/levels.js';
import { formatDb } from './format-audio.js';
import './voice-audio.css';

const SCALE_MIN_DB = -60;
const TICKS = [-60, -40, TARGET_RMS_DB.min, TARGET_RMS_DB.max, PEAK_CEILING_DB, 0];

const ADVICE: Record<LevelClass, string> = {
  silent: 'No signal: check that the right microphone is chosen and not muted.',
  'too-quiet': 'Too quiet: move closer or raise the input gain.',
  good: 'Good level.',
  'too-loud': 'Too loud: move back a little or lower the input gain.',
  clipping: 'Clipping: lower the input gain. Distorted audio makes a poor clone.',
};

/** Position on the meter's −60…0 dB scale, as a CSS percentage. */
function position(db: number): string {
  const clamped = Math.min(0, Math.max(SCALE_MIN_DB, db));
  return `${((clamped - SCALE_MIN_DB) / -SCALE_MIN_DB) * 100}%`;
}

export interface LevelMeterProps {
  rmsDb: number;
  peakDb: number;
  /** Clipped samples were seen in this take, even if the current peak is lower. */
  clipping?: boolean;
}

/**
 * A horizontal RMS bar on a −60…0 dB scale with the −23…−18 dB target band, the −3 dB peak ceiling, a peak
 * marker, a plain-words verdict and a clipping warning at peaks of −1 dBFS or more.
 */
export function LevelMeter({ rmsDb, peakDb, clipping = false }: LevelMeterProps) {
  const verdict = classifyLevel(rmsDb, peakDb);
  const clipped = clipping || peakDb >= CLIPPING_PEAK_DB;
  const readout = `RMS ${formatDb(rmsDb)}, peak ${formatDb(peakDb)}`;
  return (
    <div className="level-meter" data-testid="level-meter" data-level={verdict}>
      <div
        className="level-meter-track"
        role="meter"
        aria-label="Input level (RMS)"
        aria-valuemin={SCALE_MIN_DB}
        aria-valuemax={0}
        aria-valuenow={Math.round(Math.max(SCALE_MIN_DB, Math.min(0, rmsDb)))}
        aria-valuetext={`${readout}. ${ADVICE[verdict]}`}
      >
        <div
          className="level-meter-band"
          data-testid="level-meter-band"
          title={`Target: ${TARGET_RMS_DB.min} to ${TARGET_RMS_DB.max} dB RMS`}
          style={{
            left: position(TARGET_RMS_DB.min),
            width: `calc(${position(TARGET_RMS_DB.max)} - ${position(TARGET_RMS_DB.min)})`,
          }}
        />
        <div className="level-meter-ceiling" style={{ left: position(PEAK_CEILING_DB) }} />
        <div className={`level-meter-fill level-${verdict}`} style={{ width: position(rmsDb) }} />
        <div className="level-meter-peak" data-testid="level-meter-peak" style={{ left: position(peakDb) }} />
      </div>
      <div className="level-meter-scale" aria-hidden="true">
        {TICKS.map((tick) => (
          <span key={tick} style={{ left: position(tick) }}>
            {tick === 0 ? '0' : `−${-tick}`}
          </span>
        ))}
      </div>
      <p className="level-meter-readout">
        <span>{readout}</span>
        {' · '}
        <span className={`level-verdict level-${verdict}`}>{ADVICE[verdict]}</span>
      </p>
      {clipped ? (
        <p className="level-meter-clipping" role="alert" data-testid="clipping-warning">
          Clipping: the input reached full scale. Lower the input gain or move back, then record again.
        </p>
      ) : null}
    </div>
  );
}
