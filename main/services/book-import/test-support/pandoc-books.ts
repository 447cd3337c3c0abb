import { strToU8 } from 'fflate';
import { escapeXml as escape, zipEpub } from './book-packages.js';
import type { ProducerBook, TextMarkup } from './producer-books.js';
import { XHTML_HEAD, bookText, chaptersText, notesOf, slug } from './producer-books.js';

/** The book of producer-books.ts as pandoc 2.17 writes it: EPUB 3, EPUB 2, standalone HTML and Markdown. */

/**
 * pandoc's EPUB (`pandoc book.md -o book.epub`, or `-t epub2`): a title page document (title, author, rights),
 * then one document per `#` part holding its `##` chapters as nested sections, the footnotes in a section at the
 * end of that document (EPUB 3: `<a epub:type="noteref">1</a>` without `<sup>`, a "↩︎" back-link); a nested
 * navigation document (EPUB 3) and an NCX whose first entry is the title page, named after the book.
 */
export function pandocEpub(book: ProducerBook, version: 2 | 3): Uint8Array {
  const epub3 = version === 3;
  const notes = notesOf(book);
  const counter = { n: 0 };
  const section = (id: string, level: number, inner: string): string =>
    epub3
      ? `<section id="${id}" class="level${level}">\n${inner}\n</section>`
      : `<div id="${id}" class="section level${level}">\n${inner}\n</div>`;
  const markup: TextMarkup = {
    part: (part, chapters) => section(slug(part.title), 1, `<h1>${escape(part.title)}</h1>\n${chapters}`),
    chapter: (chapter, paragraphs) =>
      section(slug(chapter.title), 2, `<h2>${escape(chapter.title)}</h2>\n${paragraphs}`),
    paragraph: (html) => `<p>${html}</p>`,
    noteMark: (n) =>
      `<a href="#fn${n}" class="footnote-ref" id="fnref${n}"${epub3 ? ' epub:type="noteref"' : ''}>${n}</a>`,
    between: '\n',
  };
  const partFiles = book.parts.map((part, partIndex) => {
    const footnotes =
      partIndex === book.parts.length - 1 && notes.length > 0
        ? `\n${epub3 ? '<section class="footnotes footnotes-end-of-document" epub:type="footnotes">' : '<div class="footnotes footnotes-end-of-document">'}
<hr />
<ol>
${notes
  .map(
    (note, index) =>
      `<li id="fn${index + 1}"${epub3 ? ' epub:type="footnote"' : ''}><p>${escape(note)}<a href="#fnref${index + 1}" class="footnote-back"${epub3 ? ' role="doc-backlink"' : ''}>↩︎</a></p></li>`,
  )
  .join('\n')}
</ol>
${epub3 ? '</section>' : '</div>'}`
        : '';
    return `${XHTML_HEAD(`ch00${partIndex + 1}.xhtml`, book.language)}
<body${epub3 ? ' epub:type="bodymatter"' : ''}>
${markup.part(part, chaptersText(part.chapters, counter, markup))}${footnotes}
</body>
</html>`;
  });
  const titlePageBody = `<h1 class="title">${escape(book.title)}</h1>
  <p class="author">${escape(book.author)}</p>
  <div class="rights">${escape(book.rights)}</div>`;
  const titlePage = `${XHTML_HEAD(book.title, book.language)}
<body${epub3 ? ' epub:type="frontmatter"' : ''}>
${epub3 ? `<section epub:type="titlepage" class="titlepage">\n  ${titlePageBody}\n</section>` : titlePageBody}
</body>
</html>`;
  const tocItems = book.parts
    .map(
      (part, index) =>
        `<li><a href="text/ch00${index + 1}.xhtml#${slug(part.title)}">${escape(part.title)}</a><ol class="toc">${part.chapters
          .map(
            (chapter) =>
              `<li><a href="text/ch00${index + 1}.xhtml#${slug(chapter.title)}">${escape(chapter.title)}</a></li>`,
          )
          .join('')}</ol></li>`,
    )
    .join('');
  const nav = `${XHTML_HEAD(book.title, book.language)}
<body${epub3 ? ' epub:type="frontmatter"' : ''}>
<${epub3 ? 'nav epub:type="toc"' : 'div'} id="toc"><h1 id="toc-title">${escape(book.title)}</h1><ol class="toc">${tocItems}</ol></${epub3 ? 'nav' : 'div'}>
${epub3 ? '<nav epub:type="landmarks" id="landmarks" hidden="hidden"><ol><li><a href="text/title_page.xhtml" epub:type="titlepage">Title Page</a></li></ol></nav>' : ''}
</body>
</html>`;
  let point = 0;
  const navPoint = (title: string, src: string, inner = ''): string =>
    `<navPoint id="navPoint-${point++}"><navLabel><text>${escape(title)}</text></navLabel><content src="${src}" />${inner}</navPoint>`;
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx version="2005-1" xmlns="http://www.daisy.org/z3986/2005/ncx/">
  <head><meta name="dtb:uid" content="urn:uuid:1" /><meta name="dtb:depth" content="2" /></head>
  <docTitle><text>${escape(book.title)}</text></docTitle>
  <navMap>
    ${navPoint(book.title, 'text/title_page.xhtml')}
    ${book.parts
      .map((part, index) =>
        navPoint(
          part.title,
          `text/ch00${index + 1}.xhtml#${slug(part.title)}`,
          part.chapters
            .map((chapter) => navPoint(chapter.title, `text/ch00${index + 1}.xhtml#${slug(chapter.title)}`))
            .join(''),
        ),
      )
      .join('\n')}
  </navMap>
</ncx>`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package version="${epub3 ? '3.0' : '2.0'}" xmlns="http://www.idpf.org/2007/opf" unique-identifier="epub-id-1">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="epub-id-1">urn:uuid:1</dc:identifier>
    <dc:title id="epub-title-1">${escape(book.title)}</dc:title>
    <dc:language>${book.language}</dc:language>
    <dc:creator id="epub-creator-1"${epub3 ? '' : ' opf:role="aut"'}>${escape(book.author)}</dc:creator>
    ${epub3 ? '<meta refines="#epub-creator-1" property="role" scheme="marc:relators">aut</meta>' : ''}
    <dc:rights>${escape(book.rights)}</dc:rights>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml" />
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml"${epub3 ? ' properties="nav"' : ''} />
    <item id="title_page_xhtml" href="text/title_page.xhtml" media-type="application/xhtml+xml" />
    ${book.parts.map((_, index) => `<item id="ch00${index + 1}_xhtml" href="text/ch00${index + 1}.xhtml" media-type="application/xhtml+xml" />`).join('\n    ')}
  </manifest>
  <spine toc="ncx">
    <itemref idref="title_page_xhtml" linear="yes" />
    ${book.parts.map((_, index) => `<itemref idref="ch00${index + 1}_xhtml" />`).join('\n    ')}
  </spine>
  <guide><reference type="toc" title="${escape(book.title)}" href="nav.xhtml" /></guide>
</package>`;
  return zipEpub('EPUB/content.opf', {
    'EPUB/content.opf': strToU8(opf),
    'EPUB/nav.xhtml': strToU8(nav),
    'EPUB/toc.ncx': strToU8(ncx),
    'EPUB/text/title_page.xhtml': strToU8(titlePage),
    ...Object.fromEntries(
      partFiles.map((file, index) => [`EPUB/text/ch00${index + 1}.xhtml`, strToU8(file)]),
    ),
  });
}

/** pandoc's standalone HTML (`pandoc -s`): a title block header (`h1.title`, `p.author`), endnotes at the end. */
export function pandocHtml(book: ProducerBook): string {
  const body = bookText(book, {
    part: (part, chapters) => `<h1 id="${slug(part.title)}">${escape(part.title)}</h1>\n${chapters}`,
    chapter: (chapter, paragraphs) =>
      `<h2 id="${slug(chapter.title)}">${escape(chapter.title)}</h2>\n${paragraphs}`,
    paragraph: (html) => `<p>${html}</p>`,
    noteMark: (n) =>
      `<a href="#fn${n}" class="footnote-ref"\nid="fnref${n}" role="doc-noteref"><sup>${n}</sup></a>`,
    between: '\n',
  });
  const notes = notesOf(book);
  return `<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="${book.language}" xml:lang="${book.language}">
<head>
  <meta charset="utf-8" />
  <meta name="generator" content="pandoc" />
  <meta name="author" content="${escape(book.author)}" />
  <title>${escape(book.title)}</title>
</head>
<body>
<header id="title-block-header">
<h1 class="title">${escape(book.title)}</h1>
<p class="author">${escape(book.author)}</p>
</header>
${body}
<section class="footnotes footnotes-end-of-document"
role="doc-endnotes">
<hr />
<ol>
${notes.map((note, index) => `<li id="fn${index + 1}" role="doc-endnote"><p>${escape(note)}<a\nhref="#fnref${index + 1}" class="footnote-back" role="doc-backlink">↩︎</a></p></li>`).join('\n')}
</ol>
</section>
</body>
</html>
`;
}

/** The Markdown pandoc reads: a YAML metadata block, `#` parts, `##` chapters, `[^n]` footnotes. */
export function pandocMarkdown(book: ProducerBook): string {
  const notes: string[] = [];
  const body = book.parts
    .map(
      (part) =>
        `# ${part.title}\n\n${part.chapters
          .map(
            (chapter) =>
              `## ${chapter.title}\n\n${chapter.paragraphs
                .map((paragraph) =>
                  paragraph.replace(/\{fn:([^}]+)\}/gu, (_, note: string) => {
                    notes.push(note);
                    return `[^${notes.length}]`;
                  }),
                )
                .join('\n\n')}`,
          )
          .join('\n\n')}`,
    )
    .join('\n\n');
  return `---
title: ${book.title}
author: ${book.author}
lang: ${book.language}
rights: ${book.rights}
---

${body}

${notes.map((note, index) => `[^${index + 1}]: ${note}`).join('\n')}
`;
}
