import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioWorkshop } from './test-support/audio-workshop.js';
import { openAudioWorkshop } from './test-support/audio-workshop.js';
import { encodeWav, mixToMono, wavByteLength } from './wav-encoder.js';

let workshop: AudioWorkshop;

beforeAll(async () => {
  workshop = await openAudioWorkshop();
  workshop.speak('speech.wav', 'A recording is saved as sixteen bit PCM.');
}, 30_000);

afterAll(() => workshop?.dispose());

describe('encodeWav', () => {
  it('writes a WAV that ffmpeg decodes back to the same samples', () => {
    const speech = workshop.decode('speech.wav', 24000);
    const file = workshop.write('encoded.wav', encodeWav(speech, 24000));
    expect(workshop.probe(file)).toEqual({ codec: 'pcm_s16le', sampleRate: 24000, channels: 1 });
    const decoded = workshop.decode(file);
    expect(decoded.length).toBe(speech.length);
    let worst = 0;
    for (let i = 0; i < speech.length; i += 1) worst = Math.max(worst, Math.abs(decoded[i]! - speech[i]!));
    // Rounding to 16 bits: at most half a step.
    expect(worst).toBeLessThanOrEqual(0.5 / 32768 + 1e-9);
  });

  it('clips out-of-range samples to full scale and keeps exact 16-bit values exact', () => {
    const samples = Float32Array.from([0, 1, -1, 1.5, -2, 0.5, -0.25, 1 / 32768, Number.NaN]);
    const file = workshop.write('edges.wav', encodeWav(samples, 8000));
    expect(Array.from(workshop.decode(file))).toEqual([
      0,
      32767 / 32768,
      -1,
      32767 / 32768,
      -1,
      0.5,
      -0.25,
      1 / 32768,
      0,
    ]);
  });

  it('writes the canonical 44-byte header', () => {
    const bytes = encodeWav(new Float32Array(3), 48000);
    const view = new DataView(bytes.buffer);
    const ascii = (offset: number): string => String.fromCharCode(...bytes.subarray(offset, offset + 4));
    expect(bytes.length).toBe(wavByteLength(3));
    expect(bytes.length).toBe(50);
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(42);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(48000);
    expect(view.getUint32(28, true)).toBe(96000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(6);
  });

  it('refuses a sample rate that is not a whole number of Hz', () => {
    expect(() => encodeWav(new Float32Array(1), 44100.5)).toThrow(
      'sampleRate must be a whole number of Hz ≥ 1 (got 44100.5).',
    );
  });
});

describe('mixToMono', () => {
  it('averages the channels', () => {
    const mono = mixToMono([Float32Array.from([1, 0.5, -1]), Float32Array.from([0, 0.5, 1])]);
    expect(Array.from(mono)).toEqual([0.5, 0.5, 0]);
  });

  it('returns a copy of a single channel and nothing for no channels', () => {
    const channel = Float32Array.from([0.25, -0.25]);
    const mono = mixToMono([channel]);
    expect(Array.from(mono)).toEqual([0.25, -0.25]);
    expect(mono).not.toBe(channel);
    expect(mixToMono([]).length).toBe(0);
  });

  it('refuses channels of different lengths, naming the channel', () => {
    expect(() => mixToMono([new Float32Array(3), new Float32Array(2)])).toThrow(
      'channels[1] has 2 samples; every channel must have 3 like channels[0].',
    );
  });
});
