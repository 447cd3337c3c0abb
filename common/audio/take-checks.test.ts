import { describe, expect, it } from 'vitest';
import { AudioAnalyser, decodeEnvelope, envelopeLevelDb } from './audio-analysis.js';
import type { CheckedTake } from './take-checks.js';
import {
  DEFAULT_CHECK_THRESHOLDS,
  describeFlag,
  learnPace,
  speechLevelDb,
  takeFlags,
} from './take-checks.js';
import { measureTake } from './take-measures.js';

const RATE = 24_000;

/** Tone bursts and silences, in seconds: [0.5, 'tone'] etc. */
function signal(parts: readonly [number, 'tone' | 'silence' | 'loud'][]): Float32Array {
  const chunks = parts.map(([seconds, kind]) => {
    const samples = new Float32Array(Math.round(seconds * RATE));
    if (kind !== 'silence') {
      const amplitude = kind === 'loud' ? 1 : 0.3;
      for (let i = 0; i < samples.length; i += 1)
        samples[i] = amplitude * Math.sin((2 * Math.PI * 220 * i) / RATE);
    }
    return samples;
  });
  const all = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}

function analyse(samples: Float32Array) {
  const analyser = new AudioAnalyser();
  // Odd run lengths: windows must not depend on how the decoder cut the stream.
  for (let start = 0; start < samples.length; start += 1_001) {
    const run = samples.subarray(start, Math.min(samples.length, start + 1_001));
    analyser.add([run, run], run.length, RATE);
  }
  return analyser.finish();
}

describe('audio analysis and take measures', () => {
  it('measures duration, the envelope, silences at the ends and the longest pause', () => {
    const analysis = analyse(
      signal([
        [1.2, 'silence'],
        [1, 'tone'],
        [2.5, 'silence'],
        [1, 'tone'],
        [0.4, 'silence'],
      ]),
    );
    expect(analysis.durationMs).toBe(6_100);
    const envelope = decodeEnvelope(analysis.envelope);
    expect(envelope).toHaveLength(305);
    expect(envelopeLevelDb(envelope[80] ?? 0)).toBeCloseTo(20 * Math.log10(0.3), 0);
    expect(envelope[10]).toBe(0);
    const measures = measureTake(analysis);
    expect(measures).toMatchObject({
      leadingSilenceMs: 1_200,
      trailingSilenceMs: 400,
      longestPauseMs: 2_500,
      longestPauseAtMs: 2_200,
      clippedSamples: 0,
    });
    // A sine of amplitude 0.3 is 0.3/√2 RMS, over 2 s of the 6.1 s.
    expect(measures.rmsDb).toBeCloseTo(20 * Math.log10((0.3 / Math.SQRT2) * Math.sqrt(2 / 6.1)), 0);
  });

  it('counts clipped samples on every channel', () => {
    const measures = measureTake(analyse(signal([[0.1, 'loud']])));
    expect(measures.clippedSamples).toBeGreaterThan(0);
    expect(measures.clippedSamples % 2).toBe(0);
  });
});

describe('take checks', () => {
  const quiet = { rmsDb: -20, clippedSamples: 0, leadingSilenceMs: 50, trailingSilenceMs: 150 };
  const take = (characters: number, speechMs: number, extra: Partial<CheckedTake['measures']> = {}) => ({
    measures: { ...quiet, longestPauseMs: 300, longestPauseAtMs: 1_000, ...extra },
    durationMs: speechMs + 200,
    characters,
    voiceKey: 'v1|en',
    speechRate: 1,
  });

  it('learns a voice’s pace from three takes or more, as the median', () => {
    expect(learnPace([take(100, 6_000), take(100, 7_000)]).size).toBe(0);
    const paces = learnPace([take(100, 6_000), take(100, 7_000), take(200, 100_000), take(50, 3_250)]);
    expect(paces.get('v1|en')).toBeCloseTo(67.5, 5);
  });

  it('flags each problem with words that say what to check, and nothing on a good take', () => {
    const paces = new Map([['v1|en', 65]]);
    const context = { paces, medianRmsDb: -20, thresholds: DEFAULT_CHECK_THRESHOLDS };
    expect(takeFlags(take(100, 6_500), context)).toEqual([]);
    const short = takeFlags(take(100, 4_300), context);
    expect(short).toEqual([{ kind: 'duration', actualMs: 4_300, expectedMs: 6_500 }]);
    expect(describeFlag(short[0]!)).toBe(
      '4.3 s of speech where this voice needs about 6.5 s for this text (34 % shorter): words may be missing. Listen, and take it again if so.',
    );
    const kinds = takeFlags(
      take(100, 6_500, {
        longestPauseMs: 2_400,
        leadingSilenceMs: 1_500,
        trailingSilenceMs: 1_100,
        clippedSamples: 3,
        rmsDb: -29,
      }),
      context,
    ).map((flag) => flag.kind);
    expect(kinds).toEqual([
      'duration',
      'long-pause',
      'leading-silence',
      'trailing-silence',
      'clipping',
      'loudness',
    ]);
  });

  it('learns no pace from takes under a second: one word takes its time whatever its letters', () => {
    const paces = learnPace([
      take(100, 6_000),
      take(100, 6_500),
      take(4, 400),
      take(3, 380),
      take(100, 7_000),
    ]);
    expect(paces.get('v1|en')).toBe(65);
    expect(learnPace([take(100, 6_000), take(4, 400), take(3, 380)]).size).toBe(0);
  });

  it('leaves a short line alone when it is a few hundred ms off its per-character length, not when said twice', () => {
    const context = {
      paces: new Map([['v1|en', 55]]),
      medianRmsDb: -20,
      thresholds: DEFAULT_CHECK_THRESHOLDS,
    };
    // "Yes." read as espeak-ng reads it (0.38–0.48 s) where 4 characters make 0.22 s.
    expect(takeFlags(take(4, 480), context)).toEqual([]);
    expect(takeFlags(take(10, 840), context)).toEqual([]);
    // "Yes. Yes.": a second word and a pause.
    expect(takeFlags(take(4, 1_020), context).map((flag) => flag.kind)).toEqual(['duration']);
  });

  it('compares the loudness of the speech, not of the silence around a short line', () => {
    // 0.4 s of speech at -20 dB RMS in a 0.6 s file reads -21.8 dB over the whole file.
    const word = { ...take(4, 400, { rmsDb: -20 + 10 * Math.log10(0.4 / 0.6) }), durationMs: 600 };
    expect(speechLevelDb(word)).toBeCloseTo(-20, 5);
    const padded = {
      ...word,
      durationMs: 2_400,
      measures: { ...word.measures, rmsDb: -27.8, trailingSilenceMs: 1_950 },
    };
    const context = {
      paces: new Map<string, number>(),
      medianRmsDb: -20,
      thresholds: DEFAULT_CHECK_THRESHOLDS,
    };
    // Dead air is flagged as dead air, not as a quiet take too.
    expect(takeFlags(padded, context).map((flag) => flag.kind)).toEqual(['trailing-silence']);
    const quiet = { ...word, measures: { ...word.measures, rmsDb: word.measures.rmsDb - 8 } };
    expect(takeFlags(quiet, context).map((flag) => flag.kind)).toEqual(['loudness']);
  });

  it('takes a slower speech rate into account', () => {
    const paces = new Map([['v1|en', 65]]);
    const slow = { ...take(100, 13_000), speechRate: 0.5 };
    expect(takeFlags(slow, { paces, medianRmsDb: undefined, thresholds: DEFAULT_CHECK_THRESHOLDS })).toEqual(
      [],
    );
  });
});
