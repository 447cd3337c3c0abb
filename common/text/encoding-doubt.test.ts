import { describe, expect, it } from 'vitest';
import { chosenEncodingDoubt } from './encoding-doubt.js';
import type { TextEncoding } from './text-file-decoding.js';
import { decodeTextFile } from './text-file-decoding.js';

const STORY = 'Chapter One\n\nThe lighthouse keeper climbed the stairs. “Who’s there?” asked Alice.\n';

function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    bytes[index * 2 + (endian === 'le' ? 0 : 1)] = code & 0xff;
    bytes[index * 2 + (endian === 'le' ? 1 : 0)] = code >> 8;
  }
  return bytes;
}

/** The doubt about reading `bytes` as `encoding`, as the dialog asks it: after reading them so. */
function doubtOf(bytes: Uint8Array, encoding: TextEncoding): string | undefined {
  const read = decodeTextFile(bytes, encoding);
  if (!read.ok) throw new Error(`read as ${encoding}, the bytes were refused: ${read.problem}`);
  return chosenEncodingDoubt(bytes, read);
}

describe('chosenEncodingDoubt', () => {
  it('warns when UTF-16 big-endian text without a mark is read as little-endian: it comes out East Asian', () => {
    const bytes = utf16(STORY, 'be');
    expect(doubtOf(bytes, 'utf-16le')).toBe(
      'This does not look like UTF-16 (little-endian): most of its characters come out as Chinese, Japanese or Korean, where the text is in the Latin alphabet; the file reads as UTF-16 (big-endian).',
    );
    expect(doubtOf(bytes, 'utf-16be')).toBeUndefined();
  });

  it('names the byte-order mark when the choice contradicts a mark detection believed', () => {
    const bytes = new Uint8Array([0xfe, 0xff, ...utf16(STORY, 'be')]);
    expect(doubtOf(bytes, 'utf-16le')).toBe(
      'This does not look like UTF-16 (little-endian): the file starts with a UTF-16 (big-endian) byte-order mark; the file reads as UTF-16 (big-endian).',
    );
  });

  it('does not cite a mark detection found wrong (UTF-8 after a UTF-16 mark)', () => {
    const bytes = new Uint8Array([0xfe, 0xff, ...new TextEncoder().encode(`Café by the harbour. ${STORY}`)]);
    expect(decodeTextFile(bytes)).toMatchObject({ ok: true, encoding: 'utf-8', mark: 'utf-16be' });
    expect(doubtOf(bytes, 'utf-8')).toBeUndefined();
    expect(doubtOf(bytes, 'windows-1252')).toBe(
      'This does not look like Windows-1252 (Western European): each accented letter or symbol comes out as two or three characters, “é” reads as “Ã©”; the file reads as UTF-8.',
    );
  });

  it('warns when the choice cannot read some bytes that the detected encoding reads', () => {
    // Windows-1252 "café": 0xE9 is no UTF-8.
    const bytes = new TextEncoder().encode('Un café, s’il vous plaît. ');
    const windows = new Uint8Array([
      0x55, 0x6e, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x2c, 0x20, 0x6f, 0x75, 0x69, 0x2e,
    ]);
    expect(decodeTextFile(windows)).toMatchObject({ ok: true, encoding: 'windows-1252' });
    expect(doubtOf(windows, 'utf-8')).toMatch(
      /^This does not look like UTF-8: \d+% of its characters cannot be read in it \(shown as �, or unassigned or control codes\); the file reads as Windows-1252 \(Western European\)\.$/u,
    );
    // Plain ASCII reads the same in every one-byte encoding: nothing to doubt.
    const ascii = new TextEncoder().encode('Plain words only.');
    expect(doubtOf(ascii, 'windows-1252')).toBeUndefined();
    expect(doubtOf(bytes, 'utf-8')).toBeUndefined();
  });

  it('leaves real Chinese text read as detected alone, and says nothing when detection refused the file', () => {
    const chinese = utf16('第一章\n\n灯塔看守人爬上楼梯。“谁在那里？”爱丽丝问。\n', 'le');
    expect(doubtOf(chinese, 'utf-16le')).toBeUndefined();
    const binary = new Uint8Array(64).map((_, index) => (index * 37) % 9);
    expect(decodeTextFile(binary).ok).toBe(false);
    expect(chosenEncodingDoubt(binary, { text: 'anything', encoding: 'windows-1252' })).toBeUndefined();
  });
});
