import { escapeXml } from '../xml/escape-xml.js';
import { chapterStem, type ReadAlongBookInfo, type ReadAlongChapter } from './readalong-book.js';
import { COVER_PAGE, coverImagePath, coverManifestItems, coverPage } from './epub-cover.js';
import {
  ACTIVE_CLASS,
  READALONG_STYLESHEET,
  chapterSmil,
  chapterXhtml,
  clock,
  overlayDurationMs,
} from './epub-content.js';

/** One file of the package: its path inside the zip and its text or bytes, or the audio file it is copied from. */
export type EpubEntry =
  | { readonly name: string; readonly text: string }
  | { readonly name: string; readonly bytes: Uint8Array }
  | { readonly name: string; readonly audioFile: string };

const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

/**
 * Every file of an EPUB 3 read-along book, in the order the zip must hold them: `mimetype` first (the caller
 * stores it uncompressed, as EPUB's container rules ask), then the container, the package document, the navigation
 * document, the stylesheet, the cover's page and image when the book has a cover, and per chapter its XHTML, its
 * Media Overlay and its audio.
 */
export function epubEntries(book: ReadAlongBookInfo, chapters: readonly ReadAlongChapter[]): EpubEntry[] {
  const entries: EpubEntry[] = [
    { name: 'mimetype', text: 'application/epub+zip' },
    { name: 'META-INF/container.xml', text: CONTAINER_XML },
    { name: 'OEBPS/package.opf', text: packageDocument(book, chapters) },
    { name: 'OEBPS/nav.xhtml', text: navDocument(book, chapters) },
    { name: 'OEBPS/style.css', text: READALONG_STYLESHEET },
  ];
  if (book.cover !== undefined) {
    entries.push({ name: `OEBPS/${COVER_PAGE}`, text: coverPage(book, book.cover) });
    entries.push({ name: `OEBPS/${coverImagePath(book.cover)}`, bytes: book.cover.bytes });
  }
  chapters.forEach((chapter, index) => {
    const stem = chapterStem(index);
    entries.push({ name: `OEBPS/${stem}.xhtml`, text: chapterXhtml(chapter, book) });
    if (overlayDurationMs(chapter) > 0)
      entries.push({ name: `OEBPS/${stem}.smil`, text: chapterSmil(chapter, index) });
    entries.push({ name: `OEBPS/audio/${chapter.audioFile}`, audioFile: chapter.audioFile });
  });
  return entries;
}

/** The package document (OPF): metadata with the overlays' durations and narrators, manifest and spine. */
function packageDocument(book: ReadAlongBookInfo, chapters: readonly ReadAlongChapter[]): string {
  const durations = chapters.map(overlayDurationMs);
  const totalMs = durations.reduce((sum, ms) => sum + ms, 0);
  const metadata = [
    `<dc:identifier id="pub-id">${escapeXml(book.identifier)}</dc:identifier>`,
    `<dc:title>${escapeXml(book.title)}</dc:title>`,
    `<dc:language>${escapeXml(book.language)}</dc:language>`,
    ...(book.author === undefined ? [] : [`<dc:creator id="author">${escapeXml(book.author)}</dc:creator>`]),
    ...book.narrators.flatMap((name, index) => [
      `<dc:contributor id="narrator-${index + 1}">${escapeXml(name)}</dc:contributor>`,
      `<meta refines="#narrator-${index + 1}" property="role" scheme="marc:relators">nrt</meta>`,
      `<meta property="media:narrator">${escapeXml(name)}</meta>`,
    ]),
    `<meta property="dcterms:modified">${book.modified.toISOString().replace(/\.\d{3}Z$/u, 'Z')}</meta>`,
    `<meta property="media:duration">${clock(totalMs)}</meta>`,
    ...chapters.flatMap((_, index) =>
      durations[index]! > 0
        ? [
            `<meta property="media:duration" refines="#${chapterStem(index)}-overlay">${clock(durations[index]!)}</meta>`,
          ]
        : [],
    ),
    `<meta property="media:active-class">${ACTIVE_CLASS}</meta>`,
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    ...(book.cover === undefined ? [] : coverManifestItems(book.cover)),
    ...chapters.flatMap((chapter, index) => {
      const stem = chapterStem(index);
      const overlay = durations[index]! > 0 ? ` media-overlay="${stem}-overlay"` : '';
      return [
        `<item id="${stem}" href="${stem}.xhtml" media-type="application/xhtml+xml"${overlay}/>`,
        ...(overlay === ''
          ? []
          : [`<item id="${stem}-overlay" href="${stem}.smil" media-type="application/smil+xml"/>`]),
        `<item id="${stem}-audio" href="audio/${escapeXml(chapter.audioFile)}" media-type="${chapter.audioType}"/>`,
      ];
    }),
  ];
  const spine = [
    // The cover is the book's first page, as readers and stores expect of a book with one.
    ...(book.cover === undefined ? [] : ['<itemref idref="cover"/>']),
    ...chapters.map((_, index) => `<itemref idref="${chapterStem(index)}"/>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="pub-id" xml:lang="${escapeXml(book.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
${metadata.join('\n')}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`;
}

/** The navigation document: the table of contents, one entry per chapter, and the landmarks (cover, start). */
function navDocument(book: ReadAlongBookInfo, chapters: readonly ReadAlongChapter[]): string {
  const language = escapeXml(book.language);
  const entries = chapters.map(
    (chapter, index) => `<li><a href="${chapterStem(index)}.xhtml">${escapeXml(chapter.title)}</a></li>`,
  );
  const landmarks = [
    ...(book.cover === undefined ? [] : [`<li><a epub:type="cover" href="${COVER_PAGE}">Cover</a></li>`]),
    ...(chapters.length === 0
      ? []
      : [
          `<li><a epub:type="bodymatter" href="${chapterStem(0)}.xhtml">${escapeXml(chapters[0]!.title)}</a></li>`,
        ]),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(book.title)}</title>
</head>
<body>
<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
${entries.join('\n')}
</ol>
</nav>
${
  landmarks.length === 0
    ? ''
    : `<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<h2>Landmarks</h2>
<ol>
${landmarks.join('\n')}
</ol>
</nav>
`
}</body>
</html>
`;
}
