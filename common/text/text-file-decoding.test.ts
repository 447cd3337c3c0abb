import { describe, expect, it } from 'vitest';
import { decodeTextFile, decodeWindows1252 } from './text-file-decoding.js';

const SCRIPT = 'Chapter One\n\nNARRATOR: It was late, and the rain would not stop.\nALICE: “Who’s there?”\n';

function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes[index * 2 + (endian === 'le' ? 0 : 1)] = code & 0xff;
    bytes[index * 2 + (endian === 'le' ? 1 : 0)] = code >> 8;
  }
  return bytes;
}

function withPrefix(prefix: readonly number[], bytes: Uint8Array): Uint8Array {
  return Uint8Array.from([...prefix, ...bytes]);
}

/** Deterministic noise, as in an image or a compressed file. */
function noise(length: number): Uint8Array {
  let state = 0x2545f491;
  return Uint8Array.from({ length }, () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  });
}

describe('decodeTextFile', () => {
  it('honours byte-order marks that fit the text after them', () => {
    expect(decodeTextFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]))).toEqual({
      ok: true,
      text: 'hé',
      encoding: 'utf-8',
      mark: 'utf-8',
    });
    expect(decodeTextFile(Uint8Array.from([0xff, 0xfe, 0x68, 0x00, 0x2d, 0x4e]))).toMatchObject({
      text: 'h中',
      encoding: 'utf-16le',
    });
    expect(decodeTextFile(withPrefix([0xfe, 0xff], utf16(SCRIPT, 'be')))).toEqual({
      ok: true,
      text: SCRIPT,
      encoding: 'utf-16be',
      mark: 'utf-16be',
    });
  });

  it('reads UTF-16 without a byte-order mark from where its NUL bytes are, never importing NULs', () => {
    expect(decodeTextFile(utf16(SCRIPT, 'be'))).toEqual({ ok: true, text: SCRIPT, encoding: 'utf-16be' });
    expect(decodeTextFile(utf16(SCRIPT, 'le'))).toEqual({ ok: true, text: SCRIPT, encoding: 'utf-16le' });
    // Chinese has few ASCII characters, and 一 (U+4E00) puts a NUL on the other side of its pair.
    const chinese = '第一章\n一个人走在路上。他说：“你好。”\n一二三\n';
    expect(decodeTextFile(utf16(chinese, 'le'))).toMatchObject({ text: chinese, encoding: 'utf-16le' });
    expect(decodeTextFile(utf16(chinese, 'be'))).toMatchObject({ text: chinese, encoding: 'utf-16be' });
  });

  it('reads UTF-8 after a UTF-16 byte-order mark as UTF-8, and says the mark was wrong', () => {
    const utf8 = new TextEncoder().encode('Grüße, Welt.\nZweite Zeile.');
    expect(decodeTextFile(withPrefix([0xfe, 0xff], utf8))).toEqual({
      ok: true,
      text: 'Grüße, Welt.\nZweite Zeile.',
      encoding: 'utf-8',
      mark: 'utf-16be',
    });
    expect(decodeTextFile(withPrefix([0xff, 0xfe], new TextEncoder().encode('Hello there.')))).toMatchObject({
      text: 'Hello there.',
      encoding: 'utf-8',
    });
    // A mark alone is believed: there is no text to contradict it.
    expect(decodeTextFile(Uint8Array.from([0xfe, 0xff]))).toEqual({
      ok: true,
      text: '',
      encoding: 'utf-16be',
      mark: 'utf-16be',
    });
    // A UTF-8 mark before UTF-16 text: the NULs decide.
    expect(decodeTextFile(withPrefix([0xef, 0xbb, 0xbf], utf16(SCRIPT, 'le')))).toMatchObject({
      text: SCRIPT,
      encoding: 'utf-16le',
    });
  });

  it('reads UTF-8 without a mark, and falls back to Windows-1252 for invalid UTF-8', () => {
    expect(decodeTextFile(new TextEncoder().encode('Grüße, 世界'))).toEqual({
      ok: true,
      text: 'Grüße, 世界',
      encoding: 'utf-8',
    });
    expect(
      decodeTextFile(Uint8Array.from([0x93, 0x48, 0x69, 0x94, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0xe9])),
    ).toEqual({ ok: true, text: '“Hi” €5 – é', encoding: 'windows-1252' });
  });

  it('refuses binary data as not a text file, saying why', () => {
    const garbage = decodeTextFile(noise(4096));
    expect(garbage.ok).toBe(false);
    expect(!garbage.ok && garbage.problem).toMatch(/^it is not a text file \(\d+% of it is control codes/u);
    const png = withPrefix([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], new Uint8Array(64));
    expect(decodeTextFile(png).ok).toBe(false);
    // A stray control character, or DOS's end-of-file mark, is still text.
    expect(
      decodeTextFile(new TextEncoder().encode(`${'A line of the script.\n'.repeat(10)}\u0007\u001a`)).ok,
    ).toBe(true);
  });

  it('reads the file in the encoding the user chose, whatever was detected', () => {
    const utf8 = new TextEncoder().encode('Café');
    expect(decodeTextFile(utf8, 'windows-1252')).toEqual({
      ok: true,
      text: 'CafÃ©',
      encoding: 'windows-1252',
    });
    expect(decodeTextFile(withPrefix([0xfe, 0xff], utf16('Hi', 'be')), 'utf-16be')).toEqual({
      ok: true,
      text: 'Hi',
      encoding: 'utf-16be',
      mark: 'utf-16be',
    });
    const wrong = decodeTextFile(utf16(SCRIPT, 'le'), 'utf-8');
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.problem).toMatch(/^read as UTF-8, \d+% of it is control codes/u);
  });

  it('maps the whole 0x80–0x9F block of Windows-1252', () => {
    const decoded = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect(decoded).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });
});
