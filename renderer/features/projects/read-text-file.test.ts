import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../../common/text/index.js';
import { readTextFile, textMediaType } from './read-text-file.js';

describe('readTextFile', () => {
  it('reads a text file', async () => {
    const file = new File(['Hello.\n\nWorld.'], 'script.txt', { type: 'text/plain' });
    expect(await readTextFile(file)).toEqual({ ok: true, text: 'Hello.\n\nWorld.', encoding: 'utf-8' });
  });

  it('reads UTF-16 without a byte-order mark, or in the encoding asked for', async () => {
    const bytes = Uint8Array.from([0x00, 0x48, 0x00, 0x69, 0x00, 0x2e, 0x00, 0x0a]);
    const file = new File([bytes], 'hi.txt', { type: 'text/plain' });
    expect(await readTextFile(file)).toEqual({ ok: true, text: 'Hi.\n', encoding: 'utf-16be' });
    const asked = await readTextFile(file, 'utf-8');
    expect(asked.ok).toBe(false);
    expect(!asked.ok && asked.encodingProblem).toBe(true);
  });

  it('refuses binary data as not text, so another encoding may be chosen', async () => {
    const noise = new File([Uint8Array.from({ length: 512 }, (_, index) => (index * 7919) % 251)], 'x.txt');
    const read = await readTextFile(noise);
    expect(read).toMatchObject({ ok: false, encodingProblem: true });
    expect(!read.ok && read.message).toMatch(/^“x\.txt” could not be read: it is not a text file/u);
  });

  it('refuses an empty file, a file over the limit and a file that is not text, saying why', async () => {
    expect(await readTextFile(new File([], 'empty.txt'))).toEqual({
      ok: false,
      message: '“empty.txt” is empty: there is nothing to import.',
    });
    const big = new File(['x'], 'huge.txt');
    Object.defineProperty(big, 'size', { value: MAX_IMPORT_BYTES + 1 });
    expect(await readTextFile(big)).toEqual({
      ok: false,
      message: '“huge.txt” is 20.0 MB; a script to import may be at most 20.0 MB.',
    });
    const audio = new File([new Uint8Array(8)], 'take.wav', { type: 'audio/wav' });
    const refused = await readTextFile(audio);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(
      /^“take\.wav” cannot be imported: it is an audio file, not text\./u,
    );
  });

  it('says in words what a file that is no text is, and which formats it may be saved as, never a media type', async () => {
    const refusal = async (name: string, type: string): Promise<string> => {
      const read = await readTextFile(new File([new Uint8Array([0, 1, 2, 255])], name, { type }));
      if (read.ok) throw new Error(`${name} was read as text`);
      return read.message;
    };
    const garbage = await refusal('garbage.bin', 'application/octet-stream');
    expect(garbage).toBe(
      '“garbage.bin” cannot be imported: it is a binary file, not text. Save the script as plain text (.txt), Markdown (.md), CSV, TSV, SubRip subtitles (.srt), WebVTT subtitles (.vtt), HTML, Word (.docx) or EPUB and import that.',
    );
    expect(await refusal('scan.pdf', 'application/pdf')).toContain('it is a PDF document, not text.');
    expect(await refusal('cover.png', 'image/png')).toContain('it is an image, not text.');
    expect(await refusal('old.doc', 'application/msword')).toContain(
      'it is a document in a format the import does not read, not text.',
    );
    for (const message of [garbage, await refusal('scan.pdf', 'application/pdf')]) {
      expect(message).not.toMatch(/application\//u);
    }
  });
});

describe('textMediaType', () => {
  it('keeps a text type and calls anything else plain text, as the staging requires', () => {
    expect(textMediaType({ type: 'text/markdown' })).toBe('text/markdown');
    expect(textMediaType({ type: '' })).toBe('text/plain');
    expect(textMediaType({ type: 'application/json' })).toBe('text/plain');
  });
});
