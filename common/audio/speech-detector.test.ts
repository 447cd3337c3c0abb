import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioWorkshop } from './test-support/audio-workshop.js';
import { activeFrames, activeSeconds, openAudioWorkshop } from './test-support/audio-workshop.js';
import { analyseSpeech, createSpeechCounter } from './speech-detector.js';

const RATE = 16000;
const SCRIPT =
  'The quick brown fox jumps over the lazy dog. Voice cloning needs a few seconds of clear speech, ' +
  'recorded in a quiet room.';

// Real speech from several espeak-ng voices and rates: American, British female, fast and low, German.
const VOICES = [
  { name: 'us.wav', text: SCRIPT, options: { voice: 'en-us', wordsPerMinute: 160 } },
  { name: 'gb-female.wav', text: SCRIPT, options: { voice: 'en-gb+f3', wordsPerMinute: 130 } },
  { name: 'fast-low.wav', text: SCRIPT, options: { voice: 'en-us+m3', wordsPerMinute: 220, pitch: 30 } },
  {
    name: 'german.wav',
    text: 'Guten Morgen. Heute ist ein schöner Tag, und wir nehmen eine kurze Stimmprobe auf.',
    options: { voice: 'de', wordsPerMinute: 140 },
  },
] as const;

let workshop: AudioWorkshop;
const decodedFiles = new Map<string, Float32Array>();
/** Each file is decoded once per rate: ffmpeg runs cost more than the analysis. */
const decode = (name: string, rate = RATE): Float32Array => {
  const key = `${name}@${rate}`;
  const cached = decodedFiles.get(key) ?? workshop.decode(name, rate);
  decodedFiles.set(key, cached);
  return cached;
};

beforeAll(async () => {
  workshop = await openAudioWorkshop();
  for (const { name, text, options } of VOICES) workshop.speak(name, text, options);
  const seconds = '6';
  const synth = (name: string, ...effect: string[]): void =>
    workshop.sox('-n', '-r', '22050', '-c', '1', name, 'synth', seconds, ...effect);
  synth('white.wav', 'whitenoise', 'vol', '0.17');
  synth('pink.wav', 'pinknoise', 'vol', '0.35');
  synth('brown.wav', 'brownnoise', 'vol', '0.3');
  synth('tone.wav', 'sine', '440', 'vol', '0.25');
  synth('hum.wav', 'sine', '50', 'sine', '100', 'sine', '150', 'sine', '250', 'remix', '-', 'vol', '0.3');
  workshop.sox('-n', '-r', '22050', '-c', '1', 'silence.wav', 'trim', '0', '4');
  // 2 s of silence, speech, 2 s of silence.
  workshop.sox('-n', '-r', '22050', '-c', '1', 'two-seconds.wav', 'trim', '0', '2');
  workshop.sox('two-seconds.wav', 'us.wav', 'two-seconds.wav', 'padded.wav');
  // Speech with noise under it (sox -m sums the inputs, each scaled by the -v factor).
  workshop.sox('-m', '-v', '1', 'us.wav', '-v', '0.5', 'pink.wav', 'us-pink.wav');
  workshop.sox('-m', '-v', '1', 'us.wav', '-v', '0.3', 'white.wav', 'us-white.wav');
  workshop.sox('-m', '-v', '1', 'us.wav', '-v', '0.05', 'hum.wav', 'us-hum.wav');
}, 60_000);

afterAll(() => workshop?.dispose());

describe('analyseSpeech on real audio', () => {
  it.each(VOICES.map((voice) => voice.name))('counts the speech in %s close to its audible part', (name) => {
    const samples = decode(name, RATE);
    const result = analyseSpeech(samples, RATE);
    // espeak-ng writes digital silence in its pauses, so its audible part is the reference.
    const audible = activeSeconds(samples, RATE);
    expect(result.durationSeconds).toBeCloseTo(samples.length / RATE, 6);
    expect(result.frameMs).toBeCloseTo(20, 6);
    expect(result.voiced.length).toBe(Math.ceil(samples.length / result.frameSamples));
    expect(result.speechSeconds).toBeGreaterThan(audible * 0.85);
    expect(result.speechSeconds).toBeLessThan(audible * 1.1);
    expect(result.speechSeconds).toBeLessThan(result.durationSeconds);
  });

  it.each(['white.wav', 'pink.wav', 'brown.wav'])('finds no speech in %s at a speech-like level', (name) => {
    const { rmsDb } = workshop.soxStats(name);
    // As loud as the speech (espeak-ng speaks at about −21 dB RMS): the level alone cannot tell them apart.
    expect(rmsDb).toBeGreaterThan(-30);
    expect(rmsDb).toBeLessThan(-12);
    expect(analyseSpeech(decode(name, RATE), RATE).speechSeconds).toBeLessThan(0.1);
  });

  it.each(['tone.wav', 'hum.wav', 'silence.wav'])('finds no speech in %s', (name) => {
    const result = analyseSpeech(decode(name, RATE), RATE);
    expect(result.speechSeconds).toBeLessThan(0.1);
    expect(result.voiced.every((flag) => flag === 0 || flag === 1)).toBe(true);
  });

  it('places speech where it is: 2 s of silence, speech, 2 s of silence', () => {
    const speech = decode('us.wav', RATE);
    const padded = decode('padded.wav', RATE);
    const result = analyseSpeech(padded, RATE);
    const audible = activeFrames(speech, RATE);
    const firstVoiced = result.voiced.indexOf(1) * (result.frameMs / 1000);
    const lastVoiced = (result.voiced.lastIndexOf(1) + 1) * (result.frameMs / 1000);
    expect(firstVoiced).toBeCloseTo(2 + audible[0]! * 0.02, 1);
    expect(lastVoiced).toBeGreaterThan(2 + (audible.at(-1)! + 1) * 0.02 - 0.05);
    expect(lastVoiced).toBeLessThan(2 + (audible.at(-1)! + 1) * 0.02 + 0.15);
    expect(result.speechSeconds).toBeCloseTo(analyseSpeech(speech, RATE).speechSeconds, 1);
  });

  it.each(['us-pink.wav', 'us-white.wav', 'us-hum.wav'])(
    'counts about the same speech with noise under it (%s)',
    (name) => {
      const clean = analyseSpeech(decode('us.wav', RATE), RATE).speechSeconds;
      const noisy = analyseSpeech(decode(name, RATE), RATE).speechSeconds;
      expect(Math.abs(noisy - clean) / clean).toBeLessThan(0.1);
    },
  );

  it('gives the same answer at 16, 44.1 and 48 kHz', () => {
    const at16 = analyseSpeech(decode('gb-female.wav', 16000), 16000).speechSeconds;
    for (const rate of [44100, 48000]) {
      const other = analyseSpeech(decode('gb-female.wav', rate), rate).speechSeconds;
      expect(Math.abs(other - at16) / at16).toBeLessThan(0.05);
    }
  });
});

describe('createSpeechCounter', () => {
  it('agrees with analyseSpeech whatever the chunk size', () => {
    const samples = decode('padded.wav', 48000);
    const expected = analyseSpeech(samples, 48000).speechSeconds;
    for (const chunk of [128, 4096, 48000 / 10]) {
      const counter = createSpeechCounter(48000);
      for (let from = 0; from < samples.length; from += chunk)
        counter.push(samples.subarray(from, from + chunk));
      // At most the last, unfinished 20 ms frame apart (analyseSpeech pads it; the counter waits for it).
      expect(Math.abs(counter.speechSeconds - expected)).toBeLessThanOrEqual(0.02 + 1e-9);
      expect(counter.durationSeconds).toBeCloseTo(samples.length / 48000, 6);
    }
  });

  it('counts while audio arrives, without waiting for the end', () => {
    const samples = decode('us.wav', RATE);
    const counter = createSpeechCounter(RATE);
    const half = Math.floor(samples.length / 2);
    counter.push(samples.subarray(0, half));
    const soFar = counter.speechSeconds;
    expect(soFar).toBeCloseTo(analyseSpeech(samples.subarray(0, half), RATE).speechSeconds, 1);
    counter.push(samples.subarray(half));
    expect(counter.speechSeconds).toBeGreaterThan(soFar + 1);
  });

  it('starts over on reset', () => {
    const samples = decode('us.wav', RATE);
    const counter = createSpeechCounter(RATE);
    counter.push(samples);
    const first = counter.speechSeconds;
    counter.reset();
    expect(counter.speechSeconds).toBe(0);
    expect(counter.durationSeconds).toBe(0);
    counter.push(samples);
    expect(counter.speechSeconds).toBe(first);
  });

  it('refuses a sample rate it cannot analyse, naming it', () => {
    expect(() => createSpeechCounter(0)).toThrow('sampleRate must be between 4000 and 768000 Hz (got 0).');
    expect(() => analyseSpeech(new Float32Array(10), Number.NaN)).toThrow(/sampleRate/);
  });
});
