import type { LoudnessTarget } from '../../../common/export/export-options.js';

function decibels(value: number): string {
  return `${value < 0 ? '−' : ''}${Math.abs(value)}`;
}

/** A loudness target as the export applies it, in the dialog's words: "−20 dB RMS, peaks ≤ −3.5 dB". */
export function loudnessTargetLabel(target: LoudnessTarget): string {
  switch (target.kind) {
    case 'rms':
      return `${decibels(target.rmsDb)} dB RMS, peaks ≤ ${decibels(target.peakDb)} dB`;
    case 'lufs':
      return `${decibels(target.integratedLufs)} LUFS, true peak ≤ ${decibels(target.truePeakDb)} dBTP`;
    case 'none':
      return 'as generated';
  }
}
