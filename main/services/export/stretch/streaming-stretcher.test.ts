import { describe, expect, it } from 'vitest';
import { MAX_STRETCH_FACTOR } from '../../../../common/timing/stretch.js';
import { StreamingStretcher } from './streaming-stretcher.js';

/** 20 ms: one frame of the export's subtitle and layout arithmetic; the brief's tolerance on a stretched length. */
const FRAME_MS = 20;

function tone(hz: number, seconds: number, sampleRate: number, channels: 1 | 2): Float32Array {
  const frames = Math.round(seconds * sampleRate);
  const samples = new Float32Array(frames * channels);
  for (let frame = 0; frame < frames; frame += 1) {
    const value = 0.5 * Math.sin((2 * Math.PI * hz * frame) / sampleRate);
    for (let channel = 0; channel < channels; channel += 1) samples[frame * channels + channel] = value;
  }
  return samples;
}

/** Feeds `input` in pieces of `piece` frames, as the export reads its PCM file, and joins what comes out. */
async function stretchAll(
  input: Float32Array,
  channels: 1 | 2,
  sampleRate: number,
  factor: number,
  piece = 8192,
): Promise<Float32Array> {
  const frames = input.length / channels;
  const stretcher = await StreamingStretcher.create(sampleRate, channels, factor, frames);
  const parts: Float32Array[] = [];
  for (let at = 0; at < frames; at += piece) {
    const count = Math.min(piece, frames - at);
    parts.push(stretcher.push(input.subarray(at * channels, (at + count) * channels), count));
  }
  parts.push(stretcher.finish());
  const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** The frequency of channel `channel`, from the rising zero crossings between its first and last one. */
function frequencyOf(samples: Float32Array, channels: number, channel: number, sampleRate: number): number {
  let first = -1;
  let last = -1;
  let crossings = 0;
  const frames = samples.length / channels;
  for (let frame = 1; frame < frames; frame += 1) {
    const before = samples[(frame - 1) * channels + channel]!;
    const now = samples[frame * channels + channel]!;
    if (before < 0 && now >= 0) {
      if (first < 0) first = frame;
      last = frame;
      crossings += 1;
    }
  }
  return ((crossings - 1) * sampleRate) / (last - first);
}

describe('StreamingStretcher', () => {
  it.each([
    [24_000, 1, 1.05],
    [24_000, 1, MAX_STRETCH_FACTOR],
    [44_100, 2, 1.1],
  ] as const)(
    'at %i Hz, %i channel(s), ×%f: length = input ÷ factor, and a 440 Hz tone stays 440 Hz',
    async (rate, channels, factor) => {
      const input = tone(440, 3, rate, channels);
      const output = await stretchAll(input, channels, rate, factor);
      const inputMs = (input.length / channels / rate) * 1000;
      const outputMs = (output.length / channels / rate) * 1000;
      expect(Math.abs(outputMs - inputMs / factor)).toBeLessThanOrEqual(FRAME_MS);
      expect(output.length / channels).toBe(Math.round(input.length / channels / factor));
      // Away from the ends (where the stretch starts and the flush's silence comes in), the pitch is the tone's.
      const middle = output.subarray(Math.round(0.2 * rate) * channels, Math.round(2.2 * rate) * channels);
      for (let channel = 0; channel < channels; channel += 1) {
        expect(Math.abs(frequencyOf(middle, channels, channel, rate) - 440)).toBeLessThan(3);
      }
      // Sped up, not cut: the tone sounds to the last 10 % of the output.
      const tail = output.subarray(Math.round(output.length * 0.85), Math.round(output.length * 0.9));
      expect(Math.max(...tail.map(Math.abs))).toBeGreaterThan(0.3);
    },
  );

  it('moves each sound to its time ÷ factor (within a 20 ms frame), so subtitles scaled with it stay on it', async () => {
    const rate = 24_000;
    const factor = 1.15;
    const input = new Float32Array(rate * 3);
    const onsets = [0.5, 1.5, 2.5].map((seconds) => Math.round(seconds * rate));
    for (const onset of onsets) {
      for (let index = 0; index < 2_400; index += 1) {
        input[onset + index] = 0.5 * Math.sin((2 * Math.PI * 1_000 * index) / rate);
      }
    }
    const output = await stretchAll(input, 1, rate, factor, 1_000);
    const found: number[] = [];
    for (let index = 0; index < output.length; index += 1) {
      const loud = Math.abs(output[index]!) > 0.05;
      if (loud && (found.length === 0 || index - found.at(-1)! > rate * 0.3)) found.push(index);
    }
    expect(found).toHaveLength(3);
    found.forEach((at, index) => {
      const expectedMs = (onsets[index]! / factor / rate) * 1000;
      expect(Math.abs((at / rate) * 1000 - expectedMs)).toBeLessThanOrEqual(FRAME_MS);
    });
  });

  it('refuses a factor below 1 (it only ever speeds a take up)', async () => {
    await expect(StreamingStretcher.create(24_000, 1, 0.9, 1_000)).rejects.toThrow(
      /tempo factor must be 1 or more/u,
    );
  });
});
