import { describe, expect, it } from 'vitest';
import { PcmChunker } from './pcm-chunker.js';

describe('PcmChunker', () => {
  it('cuts pieces of any length into planar blocks, and makes up the end with silence', () => {
    const chunker = new PcmChunker(2, 8);
    chunker.append([Float32Array.of(1, 2, 3), Float32Array.of(-1, -2, -3)], 3);
    chunker.append([Float32Array.of(4, 5, 99), Float32Array.of(-4, -5, 99)], 2);
    expect(chunker.buffered).toBe(5);
    expect([...chunker.take(4)]).toEqual([1, 2, 3, 4, -1, -2, -3, -4]);
    expect([...chunker.take(3)]).toEqual([5, 0, 0, -5, 0, 0]);
    expect(chunker.buffered).toBe(0);
  });

  it('refuses a piece with another channel count', () => {
    const chunker = new PcmChunker(2, 8);
    expect(() => chunker.append([new Float32Array(1)], 1)).toThrow(/from 2 to 1 channels/u);
  });
});
