import { describe, expect, it } from 'vitest';
import { updateCrc32 } from './crc32.js';

describe('updateCrc32', () => {
  it('matches the standard check value and continues across pieces', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(updateCrc32(0, bytes)).toBe(0xcbf43926);
    expect(updateCrc32(updateCrc32(0, bytes.subarray(0, 4)), bytes.subarray(4))).toBe(0xcbf43926);
    expect(updateCrc32(0, new Uint8Array(0))).toBe(0);
  });
});
