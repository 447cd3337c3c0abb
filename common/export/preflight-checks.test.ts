import { describe, expect, it } from 'vitest';
import {
  describePreflightResult,
  runPreflight,
  type MeasuredAudioFile,
  type PreflightRuleId,
} from './preflight-checks.js';
import { retailProfile } from './retail-profiles.js';

const acx = retailProfile('acx');

/** A chapter file measured as ACX wants it: every rule passes. */
const goodChapter: MeasuredAudioFile = {
  name: '02 Chapter One.mp3',
  format: 'mp3',
  durationMs: 25 * 60_000,
  channels: 1,
  sampleRate: 44100,
  bitrateKbps: 192,
  constantBitrate: true,
  rmsDb: -20.1,
  peakDb: -3.4,
  integratedLufs: -19,
  noiseFloorDb: -68,
  headRoomToneMs: 750,
  tailRoomToneMs: 2500,
  longestDigitalZeroMs: 0,
};

function resultFor(rule: PreflightRuleId, file: MeasuredAudioFile, profile = acx) {
  const result = runPreflight(profile, [file]).find((candidate) => candidate.rule === rule);
  if (!result) throw new Error(`rule ${rule} was not checked`);
  return result;
}

describe('runPreflight', () => {
  it('passes every ACX rule for a file mastered to ACX', () => {
    const results = runPreflight(acx, [goodChapter]);
    expect(results.filter((result) => !result.passed)).toEqual([]);
    expect(new Set(results.map((result) => result.rule))).toEqual(
      new Set([
        'format',
        'sample-rate',
        'channels',
        'bitrate',
        'constant-bitrate',
        'rms',
        'peak',
        'noise-floor',
        'head-room-tone',
        'tail-room-tone',
        'digital-silence',
        'file-length',
        'file-name',
        'same-channels',
      ]),
    );
  });

  const failing: [PreflightRuleId, Partial<MeasuredAudioFile>, string, string][] = [
    ['format', { format: 'wav', name: '02 Chapter One.wav' }, 'WAV', 'MP3'],
    ['sample-rate', { sampleRate: 48000 }, '48000 Hz', '44100 Hz'],
    ['channels', { channels: 6 }, '6 channels', 'mono or stereo'],
    ['bitrate', { bitrateKbps: 128 }, '128 kbps', 'at least 192 kbps'],
    ['constant-bitrate', { constantBitrate: false }, 'variable (VBR)', 'CBR'],
    ['rms', { rmsDb: -16.2 }, '−16.2 dB', '−23.0 dB to −18.0 dB'],
    ['rms', { rmsDb: -25 }, '−25.0 dB', '−23.0 dB to −18.0 dB'],
    ['peak', { peakDb: -1.5 }, '−1.5 dB', 'at most −3.0 dB'],
    ['noise-floor', { noiseFloorDb: -52.3 }, '−52.3 dB', 'at most −60.0 dB'],
    ['head-room-tone', { headRoomToneMs: 200 }, '0.20 s', '0.50 s to 1.00 s'],
    ['head-room-tone', { headRoomToneMs: 3000 }, '3.00 s', '0.50 s to 1.00 s'],
    ['tail-room-tone', { tailRoomToneMs: 400 }, '0.40 s', '1.00 s to 5.00 s'],
    ['digital-silence', { longestDigitalZeroMs: 850 }, '0.85 s at most', 'room tone'],
    ['file-length', { durationMs: 121 * 60_000 }, '121 min 00 s', 'at most 120 min'],
    ['file-name', { name: '02 Chapter: One?.mp3' }, 'has characters some systems refuse', 'plain characters'],
    ['file-name', { name: '02 Chapter One.wav' }, 'ends in “.wav”, not “.mp3”', 'extension'],
  ];

  it.each(failing)('fails %s with the measured figure and the limit', (rule, change, measured, limit) => {
    const result = resultFor(rule, { ...goodChapter, ...change });
    expect(result.passed).toBe(false);
    expect(result.measured).toContain(measured);
    expect(result.limit).toContain(limit);
    expect(describePreflightResult(result)).toContain('fails');
  });

  it('passes the edges of each window and fails just outside them', () => {
    expect(resultFor('rms', { ...goodChapter, rmsDb: -23 }).passed).toBe(true);
    expect(resultFor('rms', { ...goodChapter, rmsDb: -18 }).passed).toBe(true);
    expect(resultFor('rms', { ...goodChapter, rmsDb: -17.9 }).passed).toBe(false);
    expect(resultFor('peak', { ...goodChapter, peakDb: -3 }).passed).toBe(true);
    expect(resultFor('peak', { ...goodChapter, peakDb: -2.9 }).passed).toBe(false);
    expect(resultFor('file-length', { ...goodChapter, durationMs: 120 * 60_000 }).passed).toBe(true);
  });

  it('reads a noise floor of digital zero as passing the floor but failing the room-tone rule', () => {
    const silent = { ...goodChapter, noiseFloorDb: -Infinity, longestDigitalZeroMs: 750 };
    expect(resultFor('noise-floor', silent)).toMatchObject({ passed: true, measured: 'digital zero' });
    expect(resultFor('digital-silence', silent).passed).toBe(false);
  });

  it('fails a delivery that mixes mono and stereo files, naming no single file', () => {
    const stereo = { ...goodChapter, name: '03 Chapter Two.mp3', channels: 2 };
    const result = runPreflight(acx, [goodChapter, stereo]).find((check) => check.rule === 'same-channels');
    expect(result).toMatchObject({ file: null, passed: false, measured: 'mono and stereo mixed' });
    expect(describePreflightResult(result!)).toMatch(/^The delivery: /u);
  });

  it('checks the whole book against Google Play’s five minutes, not each file', () => {
    const google = retailProfile('google-play');
    const short = { ...goodChapter, durationMs: 2 * 60_000 };
    const total = (files: MeasuredAudioFile[]) =>
      runPreflight(google, files).find((check) => check.rule === 'total-length');
    expect(total([short])).toMatchObject({ passed: false, measured: '2 min 00 s', limit: 'at least 5 min' });
    expect(total([short, { ...short, name: '03.mp3' }, { ...short, name: '04.mp3' }])?.passed).toBe(true);
    // Google takes VBR and needs no room tone: those rules are not checked at all.
    const rules = runPreflight(google, [short]).map((check) => check.rule);
    expect(rules).not.toContain('constant-bitrate');
    expect(rules).not.toContain('head-room-tone');
  });

  it('checks a podcast against integrated loudness instead of RMS', () => {
    const podcast = retailProfile('podcast');
    const episode = { ...goodChapter, name: 'Episode.mp3', bitrateKbps: 128, peakDb: -1.2 };
    expect(resultFor('loudness', { ...episode, integratedLufs: -16.4 }, podcast).passed).toBe(true);
    const quiet = resultFor('loudness', { ...episode, integratedLufs: -20 }, podcast);
    expect(quiet).toMatchObject({ passed: false, measured: '−20.0 LUFS', limit: '−17.0 LUFS to −15.0 LUFS' });
    expect(runPreflight(podcast, [episode]).map((check) => check.rule)).not.toContain('rms');
  });

  it('does not check the bit rate of an uncompressed WAV', () => {
    const wav = { ...goodChapter, name: '02.wav', format: 'wav' as const };
    const { bitrateKbps: _bitrate, constantBitrate: _constant, ...pcm } = wav;
    const rules = runPreflight(retailProfile('inaudio'), [pcm]).map((check) => check.rule);
    expect(rules).not.toContain('bitrate');
    expect(rules).not.toContain('constant-bitrate');
  });
});

describe('credits in the pre-flight', () => {
  it('fails a delivery for a retailer that requires credits when the project has no opening credits', () => {
    const results = runPreflight(acx, [goodChapter], { credits: { opening: false, closing: true } });
    const opening = results.find((result) => result.rule === 'opening-credits')!;
    expect(opening).toMatchObject({ file: null, passed: false, measured: 'no opening credits' });
    expect(describePreflightResult(opening)).toBe(
      'The delivery: Opening credits fails — measured no opening credits; the rule is ' +
        `${acx.name} requires opening credits, as a file of their own (Add opening and closing credits…).`,
    );
    expect(results.find((result) => result.rule === 'closing-credits')?.passed).toBe(true);
  });

  it('checks credits only where the retailer requires them and the caller knows the project', () => {
    const none = { credits: { opening: false, closing: false } };
    const rulesOf = (results: ReturnType<typeof runPreflight>) => results.map((result) => result.rule);
    expect(rulesOf(runPreflight(retailProfile('podcast'), [goodChapter], none))).not.toContain(
      'opening-credits',
    );
    expect(rulesOf(runPreflight(acx, [goodChapter]))).not.toContain('opening-credits');
    expect(rulesOf(runPreflight(retailProfile('inaudio'), [goodChapter], none))).toContain('closing-credits');
  });
});

describe('the retail sample in the pre-flight', () => {
  it('fails a delivery whose retailer asks for a sample that could not be made, naming why', () => {
    const problem = 'The book is 0:59 long, and a sample must last at least 60 s.';
    const results = runPreflight(acx, [goodChapter], { retailSample: { written: false, problem } });
    const sample = results.find((result) => result.rule === 'retail-sample')!;
    expect(sample).toMatchObject({ file: null, passed: false });
    expect(describePreflightResult(sample)).toBe(
      `The delivery: Retail sample fails — measured not made: ${problem.replace(/\.$/u, '')}; the rule is ` +
        `${acx.name} asks for a retail sample of 1–5 min of whole sentences, without the credits.`,
    );
  });

  it('passes a written sample, and checks none where the retailer asks for none or the caller cannot tell', () => {
    const written = { retailSample: { written: true as const } };
    expect(
      runPreflight(acx, [goodChapter], written).find((result) => result.rule === 'retail-sample'),
    ).toMatchObject({ passed: true, measured: 'written' });
    const rules = (results: ReturnType<typeof runPreflight>) => results.map((result) => result.rule);
    expect(rules(runPreflight(retailProfile('podcast'), [goodChapter], written))).not.toContain(
      'retail-sample',
    );
    expect(rules(runPreflight(acx, [goodChapter]))).not.toContain('retail-sample');
  });
});
