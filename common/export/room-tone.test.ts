import { describe, expect, it } from 'vitest';
import { NoiseFloorMeter } from './noise-floor-meter.js';
import { addRoomTone, DEFAULT_ROOM_TONE_DB } from './room-tone.js';

const RATE = 44100;
const settings = { levelDb: DEFAULT_ROOM_TONE_DB, seed: 1234 };

function bed(frames: number, atFrame = 0, channels = 1): Float32Array[] {
  const block = Array.from({ length: channels }, () => new Float32Array(frames));
  addRoomTone(settings, block, frames, atFrame);
  return block;
}

describe('addRoomTone', () => {
  it('fills silence with a bed at the asked RMS level, with no digital zero, under ACX’s −60 dB floor', () => {
    const [samples] = bed(RATE * 4);
    const meter = new NoiseFloorMeter(RATE, 1);
    meter.add([samples!], samples!.length);
    const { noiseFloorDb, longestDigitalZeroMs } = meter.finish();
    expect(noiseFloorDb).toBeGreaterThan(DEFAULT_ROOM_TONE_DB - 1);
    expect(noiseFloorDb).toBeLessThan(DEFAULT_ROOM_TONE_DB + 1);
    // The bed crosses zero now and then, a few samples at a time: never a gap (the pre-flight rule is 100 ms).
    expect(longestDigitalZeroMs).toBeLessThan(1);
  });

  it('gives a range rendered on its own exactly the samples of a whole pass', () => {
    const [whole] = bed(RATE * 2);
    const [later] = bed(RATE, RATE + 12_345);
    expect(Array.from(later!.subarray(0, RATE - 12_345))).toEqual(
      Array.from(whole!.subarray(RATE + 12_345, RATE * 2)),
    );
  });

  it('is the same bed for the same seed and another for another seed', () => {
    const [first] = bed(1000);
    const [again] = bed(1000);
    const other = [new Float32Array(1000)];
    addRoomTone({ ...settings, seed: 99 }, other, 1000, 0);
    expect(again).toEqual(first);
    expect(other[0]).not.toEqual(first);
  });

  it('adds to what is there, the same bed on every channel', () => {
    const block = [new Float32Array(100).fill(0.5), new Float32Array(100).fill(-0.5)];
    addRoomTone(settings, block, 100, 0);
    const [reference] = bed(100);
    block[0]!.forEach((sample, index) => expect(sample - 0.5).toBeCloseTo(reference![index]!, 7));
    block[1]!.forEach((sample, index) => expect(sample + 0.5).toBeCloseTo(reference![index]!, 7));
  });

  it('is pink-ish: more energy in the lows than white noise has', () => {
    const [samples] = bed(RATE);
    // White noise has a lag-1 correlation of 0; held rows make neighbouring samples alike.
    let product = 0;
    let square = 0;
    for (let index = 1; index < samples!.length; index += 1) {
      product += samples![index]! * samples![index - 1]!;
      square += samples![index]! * samples![index]!;
    }
    expect(product / square).toBeGreaterThan(0.5);
  });
});
