import { strFromU8 } from 'fflate';
import mammoth from 'mammoth';
import type { ImportReading, ImportedScript } from '../../../common/import/imported-script.js';
import { ScriptBuilder } from '../../../common/import/text-script.js';
import { readXmlTree } from '../../../common/xml/xml-tree.js';
import { BookZip } from './book-zip.js';
import { feedHtml } from './html-script.js';

/**
 * The title block's paragraph styles (Word, LibreOffice and pandoc name them so) as pandoc's title block marks
 * them, so they are read as front matter, not as the first chapter's text.
 */
const STYLE_MAP = [
  "p[style-name='Title'] => h1.title:fresh",
  "p[style-name='Subtitle'] => p.subtitle:fresh",
  "p[style-name='Author'] => p.author:fresh",
  "p[style-name='Date'] => p.date:fresh",
];

/**
 * Images become an empty <img>: only the text is read, so an image is never unpacked (mammoth would otherwise put
 * each into the HTML as base64).
 */
const IMAGES_UNREAD = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/**
 * A Word document through mammoth (Heading 1–3 styles become h1–h3, so chapters; footnotes a list at the end),
 * then as HTML; the title, author and language come from its document properties. mammoth unpacks the parts it
 * wants itself (JSZip), whatever their size, so every part is first unpacked here within `BOOK_ZIP_LIMITS`,
 * keeping nothing: a bomb is refused before mammoth sees it.
 */
export async function parseDocx(bytes: Uint8Array, reading: ImportReading): Promise<ImportedScript> {
  const zip = BookZip.open(bytes);
  zip.verifyAll();
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    { styleMap: STYLE_MAP, convertImage: IMAGES_UNREAD },
  );
  const builder = new ScriptBuilder(reading);
  feedHtml(value, builder);
  return builder.script(coreProperties(zip));
}

/** `docProps/core.xml`: dc:title, dc:creator, dc:language (absent or empty: left out). */
function coreProperties(zip: BookZip): Pick<ImportedScript, 'title' | 'author' | 'language'> {
  const core = zip.read('docProps/core.xml');
  if (!core) return {};
  const properties = readXmlTree(strFromU8(core), { dropPrefixes: true })['coreProperties'];
  const text = (key: string): string | undefined => {
    const value = typeof properties === 'object' && !Array.isArray(properties) ? properties[key] : undefined;
    const trimmed = typeof value === 'string' ? value.replace(/\s+/gu, ' ').trim() : undefined;
    return trimmed || undefined;
  };
  return { title: text('title'), author: text('creator'), language: text('language') };
}
