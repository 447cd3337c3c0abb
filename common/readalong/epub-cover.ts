import { escapeXml } from '../xml/escape-xml.js';
import { coverFileName, type ReadAlongBookInfo, type ReadAlongCover } from './readalong-book.js';

/** The cover's XHTML page in the EPUB (first in the spine, the `cover` landmark). */
export const COVER_PAGE = 'cover.xhtml';

/** Where the cover image sits in the EPUB, relative to the package document: `images/cover.jpg`. */
export function coverImagePath(cover: ReadAlongCover): string {
  return `images/${coverFileName(cover)}`;
}

/**
 * The package document's items for the cover: the image with `properties="cover-image"` (what readers and stores
 * take as the book's thumbnail) and its page.
 */
export function coverManifestItems(cover: ReadAlongCover): string[] {
  return [
    `<item id="cover-image" href="${coverImagePath(cover)}" media-type="${cover.mediaType}" properties="cover-image"/>`,
    `<item id="cover" href="${COVER_PAGE}" media-type="application/xhtml+xml"/>`,
  ];
}

/** The cover's page: the image alone, scaled to fit the screen whatever its shape. */
export function coverPage(book: ReadAlongBookInfo, cover: ReadAlongCover): string {
  const language = escapeXml(book.language);
  const title = escapeXml(book.title);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${title}</title>
<style>
body { margin: 0; text-align: center; }
img { max-width: 100%; max-height: 100vh; }
</style>
</head>
<body>
<section epub:type="cover" id="cover">
<img src="${coverImagePath(cover)}" alt="Cover of ${title}"/>
</section>
</body>
</html>
`;
}
