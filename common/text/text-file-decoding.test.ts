import { describe, expect, it } from 'vitest';
import { decodeTextFile, decodeWindows1252 } from './text-file-decoding.js';

describe('decodeTextFile', () => {
  it('honours byte-order marks', () => {
    expect(decodeTextFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toBe('hé');
    expect(decodeTextFile(Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0x2d, 0x4e]))).toBe('h中');
    expect(decodeTextFile(Uint8Array.from([0xfe, 0xff, 0x00, 0x68, 0x4e, 0x2d]))).toBe('h中');
  });

  it('reads UTF-8 without a mark, and falls back to Windows-1252 for invalid UTF-8', () => {
    expect(decodeTextFile(new TextEncoder().encode('Grüße, 世界'))).toBe('Grüße, 世界');
    expect(
      decodeTextFile(Uint8Array.from([0x93, 0x48, 0x69, 0x94, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0xe9])),
    ).toBe('“Hi” €5 – é');
  });

  it('maps the whole 0x80–0x9F block of Windows-1252', () => {
    const decoded = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(decoded).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });
});
