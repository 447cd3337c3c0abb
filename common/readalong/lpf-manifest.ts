import { escapeXml } from '../xml/escape-xml.js';
import {
  chapterStem,
  coverFileName,
  isoDuration,
  type ReadAlongBookInfo,
  type ReadAlongChapter,
} from './readalong-book.js';

/** The table of contents' file in an LPF package, named in the manifest's resources with rel "contents". */
export const LPF_TOC_FILE = 'toc.html';

/**
 * The W3C Publication Manifest of an audiobook (`publication.json`, Audiobooks profile): the chapters' audio
 * files in reading order with their lengths, the whole book's length, its name, author, readers and language, and
 * the HTML table of contents and the cover (rel "cover", at the package's root) among its resources.
 */
export function publicationManifest(
  book: ReadAlongBookInfo,
  chapters: readonly ReadAlongChapter[],
): Record<string, unknown> {
  const totalMs = chapters.reduce((sum, chapter) => sum + chapter.durationMs, 0);
  return {
    '@context': ['https://schema.org', 'https://www.w3.org/ns/pub-context'],
    conformsTo: 'https://www.w3.org/TR/audiobooks/',
    type: 'Audiobook',
    id: book.identifier,
    name: book.title,
    ...(book.author === undefined ? {} : { author: [{ type: 'Person', name: book.author }] }),
    readBy: book.narrators.map((name) => ({ type: 'Person', name })),
    inLanguage: book.language,
    dateModified: book.modified.toISOString(),
    duration: isoDuration(totalMs),
    readingOrder: chapters.map((chapter) => ({
      type: 'LinkedResource',
      url: `audio/${chapter.audioFile}`,
      encodingFormat: chapter.audioType,
      name: chapter.title,
      duration: isoDuration(chapter.durationMs),
    })),
    resources: [
      { type: 'LinkedResource', url: LPF_TOC_FILE, encodingFormat: 'text/html', rel: 'contents' },
      ...(book.cover === undefined
        ? []
        : [
            {
              type: 'LinkedResource',
              url: coverFileName(book.cover),
              encodingFormat: book.cover.mediaType,
              rel: 'cover',
            },
          ]),
    ],
  };
}

/** The audiobook's table of contents: an HTML page whose `doc-toc` list links each chapter's audio file. */
export function lpfTableOfContents(book: ReadAlongBookInfo, chapters: readonly ReadAlongChapter[]): string {
  const entries = chapters.map(
    (chapter) => `<li><a href="audio/${escapeXml(chapter.audioFile)}">${escapeXml(chapter.title)}</a></li>`,
  );
  const language = escapeXml(book.language);
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<title>${escapeXml(book.title)}</title>
</head>
<body>
<nav role="doc-toc">
<h1>Contents</h1>
<ol>
${entries.join('\n')}
</ol>
</nav>
</body>
</html>
`;
}

/** The file name of chapter `index`'s audio in a package: `chapter-001.mp3`. */
export function chapterAudioFile(index: number, extension: string): string {
  return `${chapterStem(index)}.${extension}`;
}
