import { escapeXml as escape } from './book-packages.js';

/**
 * One small book written the way real producers write it, for the import tests: pandoc (EPUB 3, EPUB 2,
 * standalone HTML, Markdown with a YAML header), Word/LibreOffice DOCX, LibreOffice's EPUB export and a calibre
 * conversion. The markup follows what pandoc 2.17, LibreOffice 7.4 and calibre write (checked against their
 * output); the tests need none of them.
 *
 * A footnote is written inline in a paragraph as `{fn:text}`; each producer marks it its own way.
 */
export interface ProducerBook {
  title: string;
  author: string;
  language: string;
  rights: string;
  parts: { title: string; chapters: { title: string; paragraphs: string[] }[] }[];
}

export const LANTERN_KEEPER: ProducerBook = {
  title: 'The Lantern Keeper',
  author: 'Ada Writer',
  language: 'en-GB',
  rights: '© 2026 Ada Writer. All rights reserved.',
  parts: [
    {
      title: 'Part One: Greywater',
      chapters: [
        {
          title: 'The Sea Wall',
          paragraphs: [
            'Martha walked along the sea wall.{fn:Built in 1820 by the Harbour Board.} “Is it late?” asked her brother Thomas.',
            '“Not yet,” Martha corrected him.',
            '“Then wait,” she said.',
          ],
        },
        { title: 'The Board', paragraphs: ['They met the Board.'] },
        { title: 'The Storm', paragraphs: ['Rain fell on the lantern.'] },
      ],
    },
  ],
};

export const slug = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/gu, '-')
    .replace(/^-|-$/gu, '');

/** The footnotes of a book in order, and a paragraph's HTML with each note's mark written by `mark(n)`. */
export function notesOf(book: ProducerBook): string[] {
  return book.parts.flatMap((part) =>
    part.chapters.flatMap((chapter) =>
      chapter.paragraphs.flatMap((paragraph) =>
        [...paragraph.matchAll(/\{fn:([^}]+)\}/gu)].map((m) => m[1]!),
      ),
    ),
  );
}

function withMarks(paragraph: string, counter: { n: number }, mark: (n: number) => string): string {
  return paragraph
    .split(/(\{fn:[^}]+\})/u)
    .map((piece) => (piece.startsWith('{fn:') ? mark((counter.n += 1)) : escape(piece)))
    .join('');
}

type ProducerPart = ProducerBook['parts'][number];
type ProducerChapter = ProducerPart['chapters'][number];

/** How a producer writes a book's text: the markup of each part, chapter and paragraph, and of a note's mark. */
export interface TextMarkup {
  part: (part: ProducerPart, chapters: string) => string;
  chapter: (chapter: ProducerChapter, paragraphs: string) => string;
  paragraph: (html: string) => string;
  noteMark: (n: number) => string;
  /** What the producer writes between two parts, chapters or paragraphs. */
  between: string;
}

/** The chapters written with `markup`, their notes numbered on from `counter` (notes count through the book). */
export function chaptersText(
  chapters: readonly ProducerChapter[],
  counter: { n: number },
  markup: TextMarkup,
): string {
  return chapters
    .map((chapter) =>
      markup.chapter(
        chapter,
        chapter.paragraphs
          .map((paragraph) => markup.paragraph(withMarks(paragraph, counter, markup.noteMark)))
          .join(markup.between),
      ),
    )
    .join(markup.between);
}

/** The book's whole text, every part written with `markup`. */
export function bookText(book: ProducerBook, markup: TextMarkup): string {
  const counter = { n: 0 };
  return book.parts
    .map((part) => markup.part(part, chaptersText(part.chapters, counter, markup)))
    .join(markup.between);
}

export const XHTML_HEAD = (title: string, language: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}">
<head>
  <meta charset="utf-8" />
  <meta name="generator" content="pandoc" />
  <title>${escape(title)}</title>
  <style>code{white-space: pre-wrap;}</style>
</head>`;

/** A few bytes that start like a JPEG file: enough for a cover to be recognised and carried. */
export const COVER_JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9,
]);
