import type { AudioFormat, LoudnessTarget } from '../../../../common/export/export-options.js';
import { dbToGain } from '../../../../common/export/gain-envelope.js';
import { LoudnessMeter, type LoudnessMeasurement } from '../../../../common/export/loudness-meter.js';
import { renderOutput, type OutputProcessing, type RenderControl } from './output-render.js';
import type { TimelineMixer } from './timeline-mixer.js';

// MP3 decoding can overshoot a sample-accurate ceiling by a few tenths of a dB; keep that much in hand.
const MP3_CEILING_MARGIN_DB = 0.5;

/**
 * How far an RMS target (ACX) may lift the mix above the plain gain to make up for what the limiter takes off its
 * peaks. Beyond this the limiter would be flattening whole syllables rather than their peaks.
 */
const MAX_LIFT_DB = 6;
/**
 * The limiter's release for an RMS target: its default 80 ms holds the gain down through the syllable after a
 * peak, which is where a peaky voice's RMS goes; 20 ms lets it come back within a syllable, still several pitch
 * periods, so the gain does not ride the waveform (the distortion a shorter release makes).
 */
const RMS_LIMITER_RELEASE_MS = 20;
/** Close enough to the target: ACX's window is 5 dB wide, and the MP3 encoder moves the RMS by less than this. */
const RMS_TOLERANCE_DB = 0.25;
/** Each pass renders the mix once more (no encoding); the lift converges in two or three. */
const MAX_CENTRING_PASSES = 4;

export interface OutputGain {
  readonly gainDb: number;
  readonly ceilingDb: number;
  /** Absent: the limiter's default release. */
  readonly limiterReleaseMs?: number;
  /** Rotate the phase before the limiter (an RMS target's). */
  readonly phaseRotation?: boolean;
}

/** The gain and limiter settings of the output processing (render/output-render.ts). */
export function limiterProcessing(
  gain: OutputGain,
): Pick<OutputProcessing, 'gain' | 'ceiling' | 'limiterReleaseMs' | 'phaseRotation'> {
  return {
    gain: dbToGain(gain.gainDb),
    ceiling: dbToGain(gain.ceilingDb),
    ...(gain.limiterReleaseMs !== undefined && { limiterReleaseMs: gain.limiterReleaseMs }),
    ...(gain.phaseRotation && { phaseRotation: true }),
  };
}

/** The gain that brings the measured mix to the target, and the peak ceiling to hold. */
function gainAndCeiling(
  target: LoudnessTarget,
  measured: LoudnessMeasurement,
  format: AudioFormat['format'],
): OutputGain {
  const margin = format === 'mp3' ? MP3_CEILING_MARGIN_DB : 0;
  if (target.kind === 'lufs') {
    const gainDb = Number.isFinite(measured.integratedLufs)
      ? target.integratedLufs - measured.integratedLufs
      : 0;
    return { gainDb, ceilingDb: target.truePeakDb - margin };
  }
  if (target.kind === 'rms') {
    const gainDb = Number.isFinite(measured.rmsDb) ? target.rmsDb - measured.rmsDb : 0;
    return { gainDb, ceilingDb: target.peakDb - margin };
  }
  return { gainDb: 0, ceilingDb: 0 };
}

/**
 * The gain before the limiter and its ceiling. For an RMS target (ACX) the limiter's work is measured too: peaky
 * speech, or a short chapter that is mostly head and tail, loses RMS where the limiter holds its peaks, and landed
 * under ACX's −23 dB. So the limited output is rendered (not encoded) and measured with the same meter, and the
 * gain raised by what is missing, until it is within 0.25 dB of the target or 6 dB above the plain gain. The
 * limiter still holds every peak to the ceiling.
 */
export async function outputGain(
  target: LoudnessTarget,
  measured: LoudnessMeasurement,
  format: AudioFormat['format'],
  mixer: TimelineMixer,
  channels: number,
  control: RenderControl,
): Promise<OutputGain> {
  const plain = gainAndCeiling(target, measured, format);
  if (target.kind !== 'rms' || !Number.isFinite(measured.rmsDb)) return plain;
  // Peaks that stay under the ceiling are not limited: the plain gain lands on the target exactly.
  if (measured.samplePeakDb + plain.gainDb <= plain.ceilingDb - 1) return plain;
  const limiter = {
    ceilingDb: plain.ceilingDb,
    limiterReleaseMs: RMS_LIMITER_RELEASE_MS,
    phaseRotation: true,
  };
  let gainDb = plain.gainDb;
  let previous: { gainDb: number; rmsDb: number } | undefined;
  for (let pass = 0; pass < MAX_CENTRING_PASSES; pass += 1) {
    const outputRmsDb = await limitedRmsDb(mixer, channels, { gainDb, ...limiter }, control);
    const shortfall = target.rmsDb - outputRmsDb;
    if (shortfall < RMS_TOLERANCE_DB) break;
    // Each dB of gain raises the limited RMS by less than a dB: step by what the last step gave (a secant step).
    const slope = previous ? (outputRmsDb - previous.rmsDb) / (gainDb - previous.gainDb) : 1;
    previous = { gainDb, rmsDb: outputRmsDb };
    const lifted = Math.min(
      plain.gainDb + MAX_LIFT_DB,
      gainDb + shortfall / Math.min(1, Math.max(0.2, slope)),
    );
    if (lifted <= gainDb) break;
    gainDb = lifted;
  }
  return { gainDb, ...limiter };
}

async function limitedRmsDb(
  mixer: TimelineMixer,
  channels: number,
  gain: OutputGain,
  control: RenderControl,
): Promise<number> {
  const meter = new LoudnessMeter(mixer.sampleRate, channels);
  await renderOutput(
    mixer,
    channels,
    limiterProcessing(gain),
    { from: 0, to: mixer.totalFrames },
    // The render phase's progress starts with the file itself; these passes only keep cancel working.
    { isCancelled: control.isCancelled, onFraction: () => {} },
    (block, frames) => {
      meter.add(block, frames);
      return true;
    },
  );
  return meter.result().rmsDb;
}
