import { describe, expect, it } from 'vitest';
import { takeVariation } from './task-renderer.js';

describe('the stand-in reads a line differently for each seed', () => {
  it('never reads a seeded take exactly as the plain one (unset or -1), for any seed', () => {
    const plain = takeVariation(-1);
    expect(takeVariation(undefined)).toEqual(plain);
    for (let seed = 0; seed < 20_000; seed += 1) {
      const take = takeVariation(seed);
      expect(take.pitchOffset, `seed ${seed}`).not.toBe(plain.pitchOffset);
      expect(Math.abs(take.pitchOffset)).toBeLessThanOrEqual(5);
      expect(Math.abs(take.rateFactor - 1)).toBeLessThanOrEqual(0.0600001);
    }
  });

  it('gives the same reading for the same seed, and varies pitch and pace across seeds', () => {
    expect(takeVariation(1234)).toEqual(takeVariation(1234));
    const readings = new Set(Array.from({ length: 130 }, (_, seed) => JSON.stringify(takeVariation(seed))));
    expect(readings.size).toBe(130);
  });
});
