import { strToU8, zipSync } from 'fflate';

// The packaging the test books share, whoever "wrote" them: XML escaping, an EPUB's zip with its container file,
// and a DOCX's zip with its content types and relationships.

export const escapeXml = (text: string): string =>
  text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');

/** An EPUB's zip: the uncompressed `mimetype` first, then META-INF/container.xml naming `opfPath`, then `files`. */
export function zipEpub(opfPath: string, files: Record<string, Uint8Array>): Uint8Array {
  return zipSync({
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="${opfPath}" media-type="application/oebps-package+xml" /></rootfiles>
</container>`),
    ...files,
  });
}

export interface DocxParts {
  /** word/document.xml */
  document: string;
  /** word/styles.xml */
  styles: string;
  /** word/footnotes.xml, when the document has notes. */
  footnotes?: string;
  /** docProps/core.xml (title, author, language), when the document says them. */
  core?: string;
}

/** A DOCX's zip: its parts, with the content types and relationships that name them. */
export function zipDocx(parts: DocxParts): Uint8Array {
  const lines = (...written: (string | false)[]): string =>
    written.filter((line) => line !== false).join('\n');
  return zipSync({
    '[Content_Types].xml': strToU8(
      lines(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>',
        '<Default Extension="xml" ContentType="application/xml"/>',
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
        '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>',
        parts.footnotes !== undefined &&
          '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>',
        parts.core !== undefined &&
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>',
        '</Types>',
      ),
    ),
    '_rels/.rels': strToU8(
      lines(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">',
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>',
        parts.core !== undefined &&
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>',
        '</Relationships>',
      ),
    ),
    ...(parts.core !== undefined ? { 'docProps/core.xml': strToU8(parts.core) } : {}),
    'word/_rels/document.xml.rels': strToU8(
      lines(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">',
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>',
        parts.footnotes !== undefined &&
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>',
        '</Relationships>',
      ),
    ),
    'word/styles.xml': strToU8(parts.styles),
    ...(parts.footnotes !== undefined ? { 'word/footnotes.xml': strToU8(parts.footnotes) } : {}),
    'word/document.xml': strToU8(parts.document),
  });
}
