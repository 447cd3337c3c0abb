import { strToU8 } from 'fflate';
import { escapeXml as escape, zipDocx, zipEpub } from './book-packages.js';
import type { ProducerBook } from './producer-books.js';
import { COVER_JPEG, bookText, notesOf, slug } from './producer-books.js';

/** The book of producer-books.ts as Word (DOCX), calibre (a converted EPUB) and LibreOffice (its EPUB export) write it. */

/**
 * A DOCX as Word, LibreOffice and pandoc write it: Title and Author paragraph styles, Heading 1/2 for parts and
 * chapters, footnotes in word/footnotes.xml referenced by `w:footnoteReference`, the title, author and language in
 * docProps/core.xml.
 */
export function wordDocx(book: ProducerBook): Uint8Array {
  const notes = notesOf(book);
  const run = (text: string): string => `<w:r><w:t xml:space="preserve">${escape(text)}</w:t></w:r>`;
  const paragraph = (inner: string, style?: string): string =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}${inner}</w:p>`;
  let noteId = 1;
  const body = [
    paragraph(run(book.title), 'Title'),
    paragraph(run(book.author), 'Author'),
    ...book.parts.flatMap((part) => [
      paragraph(run(part.title), 'Heading1'),
      ...part.chapters.flatMap((chapter) => [
        paragraph(run(chapter.title), 'Heading2'),
        ...chapter.paragraphs.map((text) =>
          paragraph(
            text
              .split(/(\{fn:[^}]+\})/u)
              .map((piece) =>
                piece.startsWith('{fn:')
                  ? `<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="${(noteId += 1)}"/></w:r>`
                  : run(piece),
              )
              .join(''),
            'BodyText',
          ),
        ),
      ]),
    ]),
  ].join('');
  const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
  const styles = ['Title', 'Author', 'Heading1', 'Heading2', 'BodyText', 'FootnoteText']
    .map(
      (id) =>
        `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${id.replace(/(\d)$/u, ' $1').replace('Heading', 'heading').replace('BodyText', 'Body Text').replace('FootnoteText', 'Footnote Text')}"/></w:style>`,
    )
    .join('');
  return zipDocx({
    core: `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>${escape(book.title)}</dc:title><dc:creator>${escape(book.author)}</dc:creator><dc:language>${book.language}</dc:language></cp:coreProperties>`,
    styles: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${W}>${styles}</w:styles>`,
    footnotes: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:footnotes ${W}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${notes
      .map(
        (note, index) =>
          `<w:footnote w:id="${index + 2}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>${run(` ${note}`)}</w:p></w:footnote>`,
      )
      .join('')}</w:footnotes>`,
    document: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${W}><w:body>${body}</w:body></w:document>`,
  });
}

/**
 * calibre's conversion: a cover page (an SVG image, `<meta name="cover">`, guide type "cover"), a title page with
 * its rights line, a copyright page, the text split into `index_split_NNN.html` files with the footnote mark a
 * linked number in `<sup>` and the notes at the end, an NCX nested by part with fragments.
 */
export function calibreEpub(book: ProducerBook, cover: Uint8Array = COVER_JPEG): Uint8Array {
  const notes = notesOf(book);
  const html = (inner: string): string => `<?xml version='1.0' encoding='utf-8'?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${escape(book.title)}</title>
<link rel="stylesheet" type="text/css" href="stylesheet.css"/></head>
<body class="calibre">${inner}</body></html>`;
  const files: Record<string, string> = {
    'titlepage.xhtml': html(
      `<div class="calibre1"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="100%" height="100%" viewBox="0 0 600 800"><image width="600" height="800" xlink:href="cover.jpeg"/></svg></div>`,
    ),
    'index_split_000.html': html(
      `<h1 class="title" id="calibre_pb_0">${escape(book.title)}</h1><p class="author">${escape(book.author)}</p><div class="rights">${escape(book.rights)}</div>`,
    ),
    'index_split_001.html': html(
      `<p class="calibre3">Copyright © 2026 Ada Writer. All rights reserved.</p><p class="calibre3">First published in 2026 by Greywater Press.</p>`,
    ),
    'index_split_002.html': html(
      `${bookText(book, {
        part: (part, chapters) =>
          `<div class="calibre2" id="${slug(part.title)}"><h1 class="calibre4">${escape(part.title)}</h1>${chapters}</div>`,
        chapter: (chapter, paragraphs) =>
          `<div class="calibre2" id="${slug(chapter.title)}"><h2 class="calibre5">${escape(chapter.title)}</h2>${paragraphs}</div>`,
        paragraph: (html) => `<p class="calibre3">${html}</p>`,
        noteMark: (n) =>
          `<a href="index_split_002.html#fn${n}" class="calibre6" id="fnref${n}"><sup class="calibre7">${n}</sup></a>`,
        between: '',
      })}<div class="footnotes"><hr class="calibre8"/><ol class="calibre9">${notes.map((note, index) => `<li id="fn${index + 1}" class="calibre10"><p class="calibre3">${escape(note)}<a href="index_split_002.html#fnref${index + 1}" class="calibre6">↩︎</a></p></li>`).join('')}</ol></div>`,
    ),
  };
  let order = 0;
  const navPoint = (title: string, src: string, inner = ''): string =>
    `<navPoint class="chapter" id="num_${++order}" playOrder="${order}"><navLabel><text>${escape(title)}</text></navLabel><content src="${src}"/>${inner}</navPoint>`;
  const ncx = `<?xml version='1.0' encoding='utf-8'?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="eng"><head><meta content="1" name="dtb:uid"/><meta content="2" name="dtb:depth"/><meta content="calibre (6.13.0)" name="dtb:generator"/></head><docTitle><text>${escape(book.title)}</text></docTitle><navMap>${navPoint(book.title, 'index_split_000.html')}${navPoint('Copyright', 'index_split_001.html')}${book.parts
    .map((part) =>
      navPoint(
        part.title,
        `index_split_002.html#${slug(part.title)}`,
        part.chapters
          .map((chapter) => navPoint(chapter.title, `index_split_002.html#${slug(chapter.title)}`))
          .join(''),
      ),
    )
    .join('')}</navMap></ncx>`;
  const opf = `<?xml version='1.0' encoding='utf-8'?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uuid_id">
  <metadata xmlns:opf="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:calibre="http://calibre.kovidgoyal.net/2009/metadata">
    <dc:title>${escape(book.title)}</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Writer, Ada">${escape(book.author)}</dc:creator>
    <dc:identifier id="uuid_id" opf:scheme="uuid">1</dc:identifier>
    <dc:language>${book.language.split('-')[0]}</dc:language>
    <meta name="calibre:timestamp" content="2026-11-27T08:00:00+00:00"/>
    <meta name="cover" content="cover"/>
  </metadata>
  <manifest>
    <item href="cover.jpeg" id="cover" media-type="image/jpeg"/>
    ${Object.keys(files)
      .map(
        (name) =>
          `<item href="${name}" id="${name.replace(/\W/gu, '_')}" media-type="application/xhtml+xml"/>`,
      )
      .join('\n    ')}
    <item href="toc.ncx" id="ncx" media-type="application/x-dtbncx+xml"/>
  </manifest>
  <spine toc="ncx">
    ${Object.keys(files)
      .map((name) => `<itemref idref="${name.replace(/\W/gu, '_')}"/>`)
      .join('\n    ')}
  </spine>
  <guide><reference href="titlepage.xhtml" title="Cover" type="cover"/></guide>
</package>`;
  return zipEpub('content.opf', {
    'content.opf': strToU8(opf),
    'toc.ncx': strToU8(ncx),
    'cover.jpeg': cover,
    ...Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
  });
}

/**
 * LibreOffice's EPUB export (libepubgen): headings written as styled paragraphs, a first section holding the title
 * page that its navigation names "Section 1", the footnote mark `<sup><a epub:type="noteref">` and the note an
 * `<aside epub:type="footnote">` starting with its number.
 */
export function libreOfficeEpub(book: ProducerBook): Uint8Array {
  const section = (inner: string): string =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"/></head><body class="body0" xmlns:epub="http://www.idpf.org/2007/ops">${inner}</body></html>`;
  const notes = notesOf(book);
  const text = bookText(book, {
    part: (part, chapters) =>
      `<p class="para2"><span class="span2">${escape(part.title)}</span></p>${chapters}`,
    chapter: (chapter, paragraphs) =>
      `<p class="para3"><span class="span3">${escape(chapter.title)}</span></p>${paragraphs}`,
    paragraph: (html) => `<p class="para4"><span class="span1">${html}</span></p>`,
    noteMark: (n) =>
      `</span><sup id="calledF${n}"><a epub:type="noteref" href="#dataF${n}">${n}</a></sup><span class="span1">`,
    between: '',
  });
  const asides = notes
    .map(
      (note, index) =>
        `<aside epub:type="footnote" id="dataF${index + 1}"><p class="para5"><span class="span1"><sup><a href="#calledF${index + 1}">${index + 1}</a></sup> </span><span class="span1">${escape(note)}</span></p></aside>`,
    )
    .join('');
  const nav = `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head/><body><nav epub:type="toc"><ol><li><a href="sections/section0001.xhtml">Section 1</a></li><li><a href="sections/section0002.xhtml">${escape(book.parts[0]!.title)}</a></li></ol></nav></body></html>`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package unique-identifier="unique-identifier" version="3.0" xmlns="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/"><metadata><dc:identifier id="unique-identifier">1</dc:identifier><dc:title>${escape(book.title)}</dc:title><dc:creator>${escape(book.author)}</dc:creator><dc:language>${book.language}</dc:language><meta content="LibreOffice/7.4.7.2 (libepubgen/0.1.1)" name="generator"/></metadata><manifest><item href="sections/section0002.xhtml" id="section0002" media-type="application/xhtml+xml"/><item href="toc.xhtml" id="toc.xhtml" media-type="application/xhtml+xml" properties="nav"/><item href="sections/section0001.xhtml" id="section0001" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="section0001"/><itemref idref="section0002"/></spine></package>`;
  return zipEpub('OEBPS/content.opf', {
    'OEBPS/content.opf': strToU8(opf),
    'OEBPS/toc.xhtml': strToU8(nav),
    'OEBPS/sections/section0001.xhtml': strToU8(
      section(
        `<p class="para0"><span class="span0">${escape(book.title)}</span></p><p class="para1"><span class="span1">${escape(book.author)}</span></p>`,
      ),
    ),
    'OEBPS/sections/section0002.xhtml': strToU8(section(`${text}${asides}<br/>`)),
  });
}
