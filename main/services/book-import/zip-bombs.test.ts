import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { readScriptFile } from './read-script-file.js';
import { longBook, makeEpub } from './test-support/make-books.js';
import type { PackedPart } from './test-support/zip-bombs.js';
import { bombDocx, bombEpub, hugeDocumentXml, lying, zeros, zipParts } from './test-support/zip-bombs.js';

// Zip bombs (issue 37): a book's parts are unpacked only when read, each within 32 MiB and all within 64 MiB,
// counted while inflating; a bomb is refused with a sentence naming the file, the limit and what to do. These
// bombs unpack to gigabytes: that they are refused (and the test process lives on) is the memory bound.

const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: false, quotedDialogue: false },
};
const MiB = 1024 * 1024;
const whatToDo =
  'the file is damaged or made to fill memory, so nothing more was unpacked. If it is a real book, save it again from the program that made it, or split it into smaller books. Nothing was created.';

/** `count` parts all made of one packed part (made once: a bomb is its deflate data repeated). */
function manyParts(count: number, packed: PackedPart, folder = 'OEBPS/extra'): Record<string, PackedPart> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`${folder}/${index}.xhtml`, packed]),
  );
}

describe('EPUB zip bombs', () => {
  it('refuses a spine of 3,800 parts of 5 MiB by their stated sizes, before unpacking any', async () => {
    const epub = bombEpub({ parts: manyParts(3800, zeros(5)), inSpine: true });
    expect(epub.length).toBeLessThan(20 * MiB);
    await expect(readScriptFile(epub, 'bomb.epub', options)).rejects.toThrow(
      `“bomb.epub” could not be imported: the parts of it that are read would unpack to 18.6 GB together, over the 64.0 MB a whole book may hold: ${whatToDo}`,
    );
  });

  it('reads the book beside 3,800 parts of 5 MiB it never reads, unpacking none of them', async () => {
    // Unpacked, they would be 18.6 GB: far over the 64 MiB a book may unpack to, so the import would be refused.
    const script = await readScriptFile(
      bombEpub({ parts: manyParts(3800, zeros(5)), inSpine: false }),
      'padded.epub',
      options,
    );
    expect(script.chapters.map((chapter) => chapter.title)).toEqual(['Arrival', 'Morning']);
  });

  it('refuses a chapter that states it unpacks to 1 GiB', async () => {
    const epub = bombEpub({ replace: { 'OEBPS/text/ch1.xhtml': zeros(1024) } });
    expect(epub.length).toBeLessThan(2 * MiB);
    await expect(readScriptFile(epub, 'gigabyte.epub', options)).rejects.toThrow(
      `“gigabyte.epub” could not be imported: its part OEBPS/text/ch1.xhtml would unpack to 1.0 GB, over the 32.0 MB one part of a book may hold: ${whatToDo}`,
    );
  });

  it('refuses a chapter that states 1 KiB but unpacks to 1 GiB, counting while it unpacks', async () => {
    const epub = bombEpub({ replace: { 'OEBPS/text/ch1.xhtml': lying(zeros(1024), 1024) } });
    await expect(readScriptFile(epub, 'liar.epub', options)).rejects.toThrow(
      `“liar.epub” could not be imported: its part OEBPS/text/ch1.xhtml unpacks to more than 32.0 MB, over the 32.0 MB one part of a book may hold: ${whatToDo}`,
    );
  });

  it('refuses parts that each state 1 KiB but unpack to 20 MiB, once together they pass 64 MiB', async () => {
    const epub = bombEpub({ parts: manyParts(10, lying(zeros(20), 1024)), inSpine: true });
    await expect(readScriptFile(epub, 'liars.epub', options)).rejects.toThrow(
      `“liars.epub” could not be imported: the parts of it that are read unpack to more than 64.0 MB together, over the 64.0 MB a whole book may hold: ${whatToDo}`,
    );
  });

  it('refuses a zip of more files than a book holds before reading any', async () => {
    const tiny: PackedPart = { deflated: [strToU8('\x03\x00')], size: 0 };
    const epub = bombEpub({ parts: manyParts(10_001, tiny) });
    await expect(readScriptFile(epub, 'crowded.epub', options)).rejects.toThrow(
      /^“crowded\.epub” could not be imported: it holds 10,00\d files, over the 10,000 a book may hold: the file is damaged/u,
    );
  });

  it('reads a 100,000-word book with a 5 MiB cover well within the limits', async () => {
    const cover = new Uint8Array(randomBytes(5 * MiB));
    cover.set([0x89, 0x50, 0x4e, 0x47]);
    const files = unzipSync(makeEpub(longBook(100_000, 30)));
    const opf = strFromU8(files['OEBPS/content.opf']!).replace(
      '</manifest>',
      '<item id="cover" href="cover.png" media-type="image/png" properties="cover-image"/></manifest>',
    );
    const epub = zipParts({ ...files, 'OEBPS/content.opf': strToU8(opf), 'OEBPS/cover.png': cover }, {});
    const script = await readScriptFile(epub, 'long.epub', options);
    expect(script.chapters).toHaveLength(30);
    // Compared as buffers: vitest's deep equality walks 5 MiB byte by byte for a minute.
    expect(Buffer.compare(script.cover!.bytes, cover)).toBe(0);
  }, 60_000);
});

describe('DOCX zip bombs: every part is unpacked within the limits, keeping nothing, before mammoth reads it', () => {
  it('refuses a document with a 1 GiB part, even one mammoth would not read', async () => {
    const docx = bombDocx({ 'word/media/image1.png': zeros(1024) });
    await expect(readScriptFile(docx, 'gigabyte.docx', options)).rejects.toThrow(
      `“gigabyte.docx” could not be imported: its part word/media/image1.png would unpack to 1.0 GB, over the 32.0 MB one part of a book may hold: ${whatToDo}`,
    );
  });

  it('refuses a 600 MiB document.xml (mammoth could not make it a string)', async () => {
    const docx = bombDocx({ 'word/document.xml': hugeDocumentXml(600) });
    await expect(readScriptFile(docx, 'huge.docx', options)).rejects.toThrow(
      `“huge.docx” could not be imported: its part word/document.xml would unpack to 600.0 MB, over the 32.0 MB one part of a book may hold: ${whatToDo}`,
    );
  });

  it('refuses a document.xml that states 1 KiB but unpacks to 600 MiB, counting while it unpacks', async () => {
    const docx = bombDocx({ 'word/document.xml': lying(hugeDocumentXml(600), 1024) });
    await expect(readScriptFile(docx, 'liar.docx', options)).rejects.toThrow(
      `“liar.docx” could not be imported: its part word/document.xml unpacks to more than 32.0 MB, over the 32.0 MB one part of a book may hold: ${whatToDo}`,
    );
  });
});
