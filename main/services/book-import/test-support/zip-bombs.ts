import { constants, deflateRawSync } from 'node:zlib';
import { Zip, ZipDeflate, ZipPassThrough, strFromU8, strToU8, unzipSync } from 'fflate';
import type { ZipInputFile } from 'fflate';
import { makeDocx, makeEpub } from './make-books.js';
import type { BookSpec } from './make-books.js';

/**
 * Zip bombs made by the tests (zipped with fflate), small in memory however much they unpack to: a unit is
 * deflated once with a sync
 * flush (so its data ends on a byte and refers to nothing before it), and a part of a gigabyte is that unit's
 * deflate data repeated, closed by an empty final block. The zip states whatever size it is told, so a part can
 * lie about what it unpacks to. CRCs are left 0: no reader here checks them (fflate, JSZip by default, BookZip).
 */

const MiB = 1024 * 1024;

/** A part given as deflate data, with the size the zip is to state for it. */
export interface PackedPart {
  deflated: Uint8Array<ArrayBuffer>[];
  /** The size the zip states; the true size unless the part is to lie. */
  size: number;
}

/** `head`, then `unit` `times` times, then `tail`, as deflate data never held unpacked. */
function repeated(
  unit: Uint8Array,
  times: number,
  head = new Uint8Array(0),
  tail = new Uint8Array(0),
): PackedPart {
  const unitDeflated = flushed(unit);
  return {
    deflated: [
      flushed(head),
      ...Array<Uint8Array<ArrayBuffer>>(times).fill(unitDeflated),
      flushed(tail),
      FINAL_EMPTY_BLOCK,
    ],
    size: head.length + unit.length * times + tail.length,
  };
}

/** `mebibytes` MiB of zeros. */
export function zeros(mebibytes: number): PackedPart {
  return repeated(new Uint8Array(MiB), mebibytes);
}

/** The same part stating another size than it unpacks to. */
export function lying(part: PackedPart, statedSize: number): PackedPart {
  return { ...part, size: statedSize };
}

const FINAL_EMPTY_BLOCK = new Uint8Array([0x03, 0x00]);

/** Deflate data of `data` ending in a sync flush: whole bytes, no final block, no reference to what came before
 * (zlib's; fflate's flush, after a short input, ends on a part of a byte the next data would have to share). */
function flushed(data: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }));
}

/** A zip of `plain` parts (deflated by fflate; `mimetype` stored, first) and `packed` ones, in that order. */
export function zipParts(plain: Record<string, Uint8Array>, packed: Record<string, PackedPart>): Uint8Array {
  const out: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.push(chunk);
  });
  for (const [name, data] of Object.entries(plain).sort(
    ([a], [b]) => Number(b === 'mimetype') - Number(a === 'mimetype'),
  )) {
    const file = name === 'mimetype' ? new ZipPassThrough(name) : new ZipDeflate(name);
    zip.add(file);
    file.push(data, true);
  }
  for (const [name, part] of Object.entries(packed)) {
    const file: ZipInputFile = { filename: name, size: part.size, crc: 0, compression: 8 };
    zip.add(file);
    for (const chunk of part.deflated) file.ondata!(null, chunk, false);
    file.ondata!(null, new Uint8Array(0), true);
  }
  zip.end();
  return concat(out);
}

const smallBook: BookSpec = {
  title: 'The Lighthouse',
  author: 'Ada Writer',
  chapters: [
    { title: 'Arrival', paragraphs: ['The boat came in at dusk.'] },
    { title: 'Morning', paragraphs: ['Fog lifted and gulls cried.'] },
  ],
};

/**
 * A small real EPUB with `parts` added (`OEBPS/extra/…`), listed in its manifest and, if `inSpine`, read after its
 * chapters; `replace` swaps one of its own parts (`OEBPS/text/ch1.xhtml`…) for a packed one.
 */
export function bombEpub(options: {
  parts?: Record<string, PackedPart>;
  inSpine?: boolean;
  replace?: Record<string, PackedPart>;
}): Uint8Array {
  const files = unzipSync(makeEpub(smallBook));
  const added = Object.keys(options.parts ?? {});
  const opf = strFromU8(files['OEBPS/content.opf']!)
    .replace(
      '</manifest>',
      `${added.map((name, index) => `<item id="x${index}" href="${name.replace(/^OEBPS\//u, '')}" media-type="application/xhtml+xml"/>`).join('')}</manifest>`,
    )
    .replace(
      '</spine>',
      `${options.inSpine ? added.map((_, index) => `<itemref idref="x${index}"/>`).join('') : ''}</spine>`,
    );
  const plain: Record<string, Uint8Array> = { ...files, 'OEBPS/content.opf': strToU8(opf) };
  for (const name of Object.keys(options.replace ?? {})) delete plain[name];
  return zipParts(plain, { ...options.replace, ...options.parts });
}

/** A small real Word document with `parts` added or put in place of its own (`word/document.xml`). */
export function bombDocx(parts: Record<string, PackedPart>): Uint8Array {
  const plain: Record<string, Uint8Array> = unzipSync(makeDocx(smallBook));
  for (const name of Object.keys(parts)) delete plain[name];
  return zipParts(plain, parts);
}

/** A Word document.xml of `mebibytes` MiB of real paragraphs: what a 600 MiB document holds, not zeros. */
export function hugeDocumentXml(mebibytes: number): PackedPart {
  const paragraph = '<w:p><w:r><w:t>The river ran north past the old mill.</w:t></w:r></w:p>';
  return repeated(
    strToU8(paragraph.repeat(Math.floor(MiB / paragraph.length))),
    mebibytes,
    strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
    ),
    strToU8('</w:body></w:document>'),
  );
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}
