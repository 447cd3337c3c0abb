import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioWorkshop } from './test-support/audio-workshop.js';
import { openAudioWorkshop } from './test-support/audio-workshop.js';
import { LEVEL_FLOOR_DB, TARGET_RMS_DB, classifyLevel, measureLevels } from './levels.js';

let workshop: AudioWorkshop;

beforeAll(async () => {
  workshop = await openAudioWorkshop();
  workshop.speak('speech.wav', 'Levels are measured in decibels relative to full scale.', { voice: 'en-gb' });
  workshop.sox('speech.wav', 'quiet-speech.wav', 'gain', '-17');
  workshop.sox('-n', '-r', '44100', '-c', '1', 'pink.wav', 'synth', '3', 'pinknoise', 'vol', '0.3');
  workshop.sox('-n', '-r', '48000', '-c', '1', 'tone.wav', 'synth', '2', 'sine', '997', 'gain', '-6');
}, 30_000);

afterAll(() => workshop?.dispose());

describe('measureLevels', () => {
  it.each(['speech.wav', 'quiet-speech.wav', 'pink.wav', 'tone.wav'])(
    'matches sox stats for %s within 0.5 dB',
    (name) => {
      const sox = workshop.soxStats(name);
      // Decoded at the file's own rate: resampling would move the peaks.
      const ours = measureLevels(workshop.decode(name));
      expect(Math.abs(ours.rmsDb - sox.rmsDb)).toBeLessThan(0.5);
      expect(Math.abs(ours.peakDb - sox.peakDb)).toBeLessThan(0.5);
    },
  );

  it('reads a sine with peaks at −6 dBFS as −9 dB RMS', () => {
    const sine = Float32Array.from(
      { length: 48000 },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / 48000),
    );
    const levels = measureLevels(sine);
    expect(levels.peakDb).toBeCloseTo(-6.02, 2);
    expect(levels.rmsDb).toBeCloseTo(-9.03, 2);
  });

  it('floors digital silence and empty input at LEVEL_FLOOR_DB instead of −∞', () => {
    expect(measureLevels(new Float32Array(100))).toEqual({ rmsDb: LEVEL_FLOOR_DB, peakDb: LEVEL_FLOOR_DB });
    expect(measureLevels(new Float32Array(0))).toEqual({ rmsDb: LEVEL_FLOOR_DB, peakDb: LEVEL_FLOOR_DB });
  });
});

describe('classifyLevel', () => {
  it('calls the target band with headroom good, at both edges', () => {
    expect(TARGET_RMS_DB).toEqual({ min: -23, max: -18 });
    expect(classifyLevel(-20, -6)).toBe('good');
    expect(classifyLevel(-23, -3)).toBe('good');
    expect(classifyLevel(-18, -8)).toBe('good');
  });

  it('tells too quiet, too loud, silent and clipping apart', () => {
    expect(classifyLevel(-23.1, -10)).toBe('too-quiet');
    expect(classifyLevel(-17.9, -10)).toBe('too-loud');
    // A good average with peaks over the −3 dB ceiling is still too hot.
    expect(classifyLevel(-20, -2.5)).toBe('too-loud');
    expect(classifyLevel(-61, -50)).toBe('silent');
    expect(classifyLevel(LEVEL_FLOOR_DB, LEVEL_FLOOR_DB)).toBe('silent');
    expect(classifyLevel(-20, -1)).toBe('clipping');
    expect(classifyLevel(-40, 0)).toBe('clipping');
  });

  it('classifies real takes: normal speech is loud enough, 17 dB down is too quiet', () => {
    const speech = measureLevels(workshop.decode('speech.wav'));
    const quiet = measureLevels(workshop.decode('quiet-speech.wav'));
    expect(['good', 'too-loud', 'clipping']).toContain(classifyLevel(speech.rmsDb, speech.peakDb));
    expect(classifyLevel(quiet.rmsDb, quiet.peakDb)).toBe('too-quiet');
  });
});
