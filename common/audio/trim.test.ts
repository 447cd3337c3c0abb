import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioWorkshop } from './test-support/audio-workshop.js';
import { activeFrames, openAudioWorkshop } from './test-support/audio-workshop.js';
import { analyseSpeech } from './speech-detector.js';
import { findSpeechBounds } from './trim.js';

const RATE = 48000;
let workshop: AudioWorkshop;

beforeAll(async () => {
  workshop = await openAudioWorkshop();
  workshop.speak('speech.wav', 'Silence at both ends of a take is trimmed away.', { voice: 'en-us+f2' });
  workshop.sox('-n', '-r', '22050', '-c', '1', 'quiet.wav', 'trim', '0', '2');
  workshop.sox('-n', '-r', '22050', '-c', '1', 'hiss.wav', 'synth', '1.5', 'pinknoise', 'vol', '0.02');
  // 2 s of silence + speech + 2 s of silence, and the same with room hiss at the ends instead.
  workshop.sox('quiet.wav', 'speech.wav', 'quiet.wav', 'padded.wav');
  workshop.sox('hiss.wav', 'speech.wav', 'hiss.wav', 'hissy.wav');
}, 30_000);

afterAll(() => workshop?.dispose());

describe('findSpeechBounds', () => {
  it('trims 2 s of silence at both ends to the speech plus 200 ms', () => {
    const speech = workshop.decode('speech.wav', RATE);
    // Audible: above −55 dBFS, the quietest level the detector takes for speech.
    const audible = activeFrames(speech, RATE, -55);
    const speechStart = 2 + audible[0]! * 0.02;
    const speechEnd = 2 + (audible.at(-1)! + 1) * 0.02;
    const bounds = findSpeechBounds(workshop.decode('padded.wav', RATE), RATE);
    expect(bounds).not.toBeNull();
    // Nothing audible is cut (the detector finds voicing; the padding keeps an unvoiced "s" before it)…
    expect(bounds!.startSample / RATE).toBeLessThanOrEqual(speechStart);
    expect(bounds!.endSample / RATE).toBeGreaterThanOrEqual(speechEnd);
    // …and little more than the padding is kept (plus the detector's 60 ms hangover at the end).
    expect(bounds!.startSample / RATE).toBeGreaterThan(speechStart - 0.2 - 0.03);
    expect(bounds!.endSample / RATE).toBeLessThan(speechEnd + 0.2 + 0.1);
  });

  it('trims hiss the same way as silence', () => {
    const silent = findSpeechBounds(workshop.decode('padded.wav', RATE), RATE);
    const hissy = findSpeechBounds(workshop.decode('hissy.wav', RATE), RATE);
    const offset = 0.5 * RATE; // the hiss is 1.5 s, the silence 2 s
    expect(Math.abs(hissy!.startSample + offset - silent!.startSample) / RATE).toBeLessThan(0.05);
    expect(Math.abs(hissy!.endSample + offset - silent!.endSample) / RATE).toBeLessThan(0.05);
  });

  it('honours paddingMs and never leaves the audio', () => {
    const samples = workshop.decode('padded.wav', RATE);
    const analysis = analyseSpeech(samples, RATE);
    const tight = findSpeechBounds(samples, RATE, { paddingMs: 0, analysis })!;
    const loose = findSpeechBounds(samples, RATE, { paddingMs: 500, analysis })!;
    expect(tight.startSample - loose.startSample).toBe(0.5 * RATE);
    expect(loose.endSample - tight.endSample).toBe(0.5 * RATE);
    const huge = findSpeechBounds(samples, RATE, { paddingMs: 10_000, analysis })!;
    expect(huge).toEqual({ startSample: 0, endSample: samples.length });
  });

  it('returns null when there is no speech', () => {
    expect(findSpeechBounds(workshop.decode('quiet.wav', RATE), RATE)).toBeNull();
    expect(findSpeechBounds(workshop.decode('hiss.wav', RATE), RATE)).toBeNull();
  });

  it('refuses a negative padding, naming it', () => {
    expect(() => findSpeechBounds(new Float32Array(10), RATE, { paddingMs: -1 })).toThrow(
      'paddingMs must be a number ≥ 0 (got -1).',
    );
  });
});
