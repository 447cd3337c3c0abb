import { strToU8 } from 'fflate';
import { escapeXml as escape, zipDocx, zipEpub } from './book-packages.js';

/** Small real books made by the tests: EPUB 3 (or EPUB 2 with an NCX) and DOCX, zipped with fflate. */

export interface BookSpec {
  title: string;
  author: string;
  /** `html`: the paragraphs are markup, written as they are (links, note marks). */
  chapters: { title: string; paragraphs: string[]; html?: boolean }[];
  /** EPUB 3 navigation document (default) or an EPUB 2 NCX. */
  toc?: 'nav' | 'ncx';
  /** A class on each chapter's `<h1>` (some books style chapter headings `h1.title`). */
  headingClass?: string;
}

export function makeEpub(book: BookSpec): Uint8Array {
  const toc = book.toc ?? 'nav';
  const chapterFiles: Record<string, Uint8Array> = {};
  book.chapters.forEach((chapter, index) => {
    chapterFiles[`OEBPS/text/ch${index + 1}.xhtml`] = strToU8(
      `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${escape(chapter.title)}</title>
<style>p { margin: 0 }</style></head>
<body><h1${book.headingClass ? ` class="${book.headingClass}"` : ''}>${escape(chapter.title)}</h1>
${chapter.paragraphs.map((paragraph) => `<p>${chapter.html ? paragraph : escape(paragraph)}</p>`).join('\n')}
</body></html>`,
    );
  });
  const items = book.chapters
    .map(
      (_, index) =>
        `<item id="ch${index + 1}" href="text/ch${index + 1}.xhtml" media-type="application/xhtml+xml"/>`,
    )
    .join('\n');
  const spine = book.chapters.map((_, index) => `<itemref idref="ch${index + 1}"/>`).join('');
  const nav = `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Contents</title></head>
<body><nav epub:type="toc"><h1>Contents</h1><ol>
${book.chapters.map((chapter, index) => `<li><a href="text/ch${index + 1}.xhtml">${escape(chapter.title)}</a></li>`).join('\n')}
</ol></nav></body></html>`;
  const ncx = `<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
${book.chapters
  .map(
    (chapter, index) =>
      `<navPoint id="p${index + 1}" playOrder="${index + 1}"><navLabel><text>${escape(chapter.title)}</text></navLabel><content src="text/ch${index + 1}.xhtml"/></navPoint>`,
  )
  .join('\n')}
</navMap></ncx>`;
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${toc === 'nav' ? '3.0' : '2.0'}" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:1</dc:identifier>
<dc:title>${escape(book.title)}</dc:title><dc:creator>${escape(book.author)}</dc:creator><dc:language>en</dc:language></metadata>
<manifest>${items}
${toc === 'nav' ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'}
</manifest>
<spine${toc === 'ncx' ? ' toc="ncx"' : ''}>${spine}</spine></package>`;
  return zipEpub('OEBPS/content.opf', {
    'OEBPS/content.opf': strToU8(opf),
    ...(toc === 'nav' ? { 'OEBPS/nav.xhtml': strToU8(nav) } : { 'OEBPS/toc.ncx': strToU8(ncx) }),
    ...chapterFiles,
  });
}

/** A Word document with Heading 1 paragraphs for chapter titles and Normal paragraphs for text. */
export function makeDocx(book: BookSpec): Uint8Array {
  const paragraph = (text: string, style?: string): string =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r></w:p>`;
  const body = book.chapters
    .flatMap((chapter) => [
      paragraph(chapter.title, 'Heading1'),
      ...chapter.paragraphs.map((text) => paragraph(text)),
    ])
    .join('');
  return zipDocx({
    styles: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/></w:style>
</w:styles>`,
    document: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

/** A book of about `words` words in `chapters` chapters, with dialogue, for speed figures. */
export function longBook(words: number, chapters: number): BookSpec {
  const sentence = 'The river ran north past the old mill, and “Wait,” said Alice, “the bridge is out.”';
  const perSentence = sentence.split(/\s+/u).length;
  const sentences = Math.ceil(words / perSentence);
  const perChapter = Math.ceil(sentences / chapters);
  return {
    title: 'A Long Book',
    author: 'Test Writer',
    chapters: Array.from({ length: chapters }, (_, index) => ({
      title: `Chapter ${index + 1}`,
      paragraphs: Array.from(
        { length: Math.ceil(perChapter / 3) },
        () => `${sentence} ${sentence} ${sentence}`,
      ),
    })),
  };
}
