import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_FILE_BYTES, decodeTextBytes, readTextFile, textMediaType } from './read-text-file.js';

const encoder = new TextEncoder();

describe('decodeTextBytes', () => {
  it('follows a byte-order mark', () => {
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('Grüße')]))).toBe('Grüße');
    expect(decodeTextBytes(new Uint8Array([0xff, 0xfe, 0x48, 0x00, 0x69, 0x00]))).toBe('Hi');
    expect(decodeTextBytes(new Uint8Array([0xfe, 0xff, 0x00, 0x48, 0x00, 0x69]))).toBe('Hi');
  });

  it('reads UTF-8 without a mark, and falls back to a single-byte Windows encoding', () => {
    expect(decodeTextBytes(encoder.encode('你好，世界'))).toBe('你好，世界');
    // "café" in Latin-1 / Windows-1252: 0xE9 is not valid UTF-8 on its own.
    expect(decodeTextBytes(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toBe('café');
  });
});

describe('readTextFile', () => {
  it('reads a text file', async () => {
    const file = new File(['Hello.\n\nWorld.'], 'script.txt', { type: 'text/plain' });
    expect(await readTextFile(file)).toEqual({ ok: true, text: 'Hello.\n\nWorld.' });
  });

  it('refuses an empty file, a file over the limit and a file that is not text, saying why', async () => {
    expect(await readTextFile(new File([], 'empty.txt'))).toEqual({
      ok: false,
      message: '“empty.txt” is empty: there is nothing to import.',
    });
    const big = new File(['x'], 'huge.txt');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    expect(await readTextFile(big)).toEqual({
      ok: false,
      message: '“huge.txt” is 20.0 MB; a script to import may be at most 20.0 MB.',
    });
    const audio = new File([new Uint8Array(8)], 'take.wav', { type: 'audio/wav' });
    const refused = await readTextFile(audio);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain('is not a text file (audio/wav)');
  });
});

describe('textMediaType', () => {
  it('keeps a text type and calls anything else plain text, as the staging requires', () => {
    expect(textMediaType({ type: 'text/markdown' })).toBe('text/markdown');
    expect(textMediaType({ type: '' })).toBe('text/plain');
    expect(textMediaType({ type: 'application/json' })).toBe('text/plain');
  });
});
