import path from 'node:path/posix';
import { strFromU8 } from 'fflate';
import type { ImportReading, ImportedCover, ImportedScript } from '../../../common/import/imported-script.js';
import { ScriptBuilder } from '../../../common/import/text-script.js';
import { readXmlTree, type XmlTreeOptions } from '../../../common/xml/xml-tree.js';
import { BookZip } from './book-zip.js';
import { feedHtml } from './html-script.js';
import type { TocEntry } from './html-script.js';

/** Why an EPUB cannot be read, in words that say what is missing or broken. */
class EpubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpubError';
  }
}

/** How the package, the container, the NCX and the navigation document are read (namespaces set aside). */
const EPUB_XML: XmlTreeOptions = {
  dropPrefixes: true,
  lists: ['item', 'itemref', 'navPoint', 'li', 'rootfile', 'creator', 'title', 'language', 'reference'],
};

type XmlNode = Record<string, unknown>;

interface ManifestItem {
  href: string;
  properties?: string;
  mediaType?: string;
}

/**
 * An EPUB (2 or 3), of whose zip only the parts read are unpacked, within `BOOK_ZIP_LIMITS`: the container names
 * the package (OPF), whose spine gives the reading order and whose metadata the title, author, language, rights and cover;
 * the table of contents (EPUB 3 nav, else the NCX) names the chapters, each starting where its link points (a
 * document, or an element in it), nested entries being chapters of a part. Headings the table of contents does not
 * name start chapters too. Title pages, copyright pages and the like (by landmarks, guide, markup or title) are
 * front matter.
 */
export function parseEpub(bytes: Uint8Array, reading: ImportReading): ImportedScript {
  const zip = BookZip.open(bytes);
  const read = (name: string): string => {
    const file = zip.read(name);
    if (!file) throw new EpubError(`it lists ${name}, which is not in the archive`);
    return strFromU8(file);
  };
  if (zip.find('META-INF/container.xml') === undefined)
    throw new EpubError('META-INF/container.xml is missing: it is not an EPUB');
  const container = parse(read('META-INF/container.xml'), 'META-INF/container.xml');
  const rootfile = (dig(container, 'container', 'rootfiles', 'rootfile') as XmlNode[] | undefined)?.[0];
  const opfPath = typeof rootfile?.['full-path'] === 'string' ? rootfile['full-path'] : undefined;
  if (!opfPath) throw new EpubError('META-INF/container.xml names no package (OPF) file');
  const opf = parse(read(opfPath), opfPath);
  const base = path.dirname(opfPath);
  const resolve = (href: string): string => path.normalize(path.join(base, href.split('#')[0] ?? ''));
  const manifest = new Map<string, ManifestItem>();
  for (const item of (dig(opf, 'package', 'manifest', 'item') as XmlNode[] | undefined) ?? []) {
    if (typeof item.id === 'string' && typeof item.href === 'string') {
      manifest.set(item.id, {
        href: resolve(item.href),
        ...(typeof item.properties === 'string' ? { properties: item.properties } : {}),
        ...(typeof item['media-type'] === 'string' ? { mediaType: item['media-type'] } : {}),
      });
    }
  }
  // Each document once: a spine may not list one twice (epubcheck OPF-034), and a bomb's spine could list one
  // thousands of times to be read thousands of times.
  const spine = [
    ...new Set(
      ((dig(opf, 'package', 'spine', 'itemref') as XmlNode[] | undefined) ?? [])
        .filter((ref) => ref.linear !== 'no')
        .map((ref) => manifest.get(String(ref.idref))?.href)
        .filter((href): href is string => href !== undefined),
    ),
  ];
  if (spine.length === 0) throw new EpubError(`${opfPath} has an empty spine: there is no text to read`);

  const metadata = dig(opf, 'package', 'metadata') as XmlNode | undefined;
  const bookTitle = textOf(metadata?.title);
  const nav = [...manifest.values()].find((item) => item.properties?.split(/\s+/u).includes('nav'));
  const ncx = ncxOf(opf, manifest);
  const cover = coverItemOf(opf, manifest);
  // Refused at once, before any of it is unpacked, if what the zip says these parts hold is already too much.
  zip.expect([...spine, ...[nav, ncx, cover].flatMap((item) => (item ? [item.href] : []))]);
  const toc = tableOfContents(nav, ncx, read);
  const frontMatter = frontMatterDocuments(opf, nav, read, resolve);
  // A table of contents entry naming the book and pointing at a whole document is its title page (pandoc's NCX).
  for (const entry of toc) {
    if (entry.id === undefined && bookTitle !== undefined && sameWords(entry.title, bookTitle)) {
      if (!frontMatter.has(entry.file)) frontMatter.set(entry.file, 'front');
    }
    if (entry.id === undefined && FRONT_MATTER_TITLE.test(entry.title) && !frontMatter.has(entry.file)) {
      frontMatter.set(entry.file, 'front');
    }
  }
  // A document that opens with the book's title before the text has begun is its title page (LibreOffice's).
  const firstChapter = toc.find((entry) => !frontMatter.has(entry.file))?.file;
  for (const href of spine) {
    if (href === firstChapter) break;
    if (!frontMatter.has(href) && bookTitle !== undefined && opensWithTitle(read(href), bookTitle)) {
      frontMatter.set(href, 'front');
    }
  }
  const builder = new ScriptBuilder(reading);
  for (const href of spine) {
    // The navigation document and a contents page list the chapters: they are not read.
    if (href === nav?.href || frontMatter.get(href) === 'toc') continue;
    const entries = toc.filter((entry) => entry.file === href);
    // A document the table of contents calls "Notes" (calibre, InDesign) holds the footnotes: gathered as such.
    const notes = entries.length > 0 && entries.every((entry) => NOTES_TITLE.test(entry.title));
    feedHtml(read(href), builder, {
      toc: notes ? [] : entries,
      notes,
      frontMatter: frontMatter.get(href) === 'front',
      bookTitle,
    });
  }
  return builder.script({
    title: bookTitle,
    author: textOf(metadata?.creator),
    language: textOf(metadata?.language),
    copyright: textOf(metadata?.rights),
    cover: coverOf(cover, zip),
  });
}

/** Titles of documents that hold the book's footnotes. */
const NOTES_TITLE = /^(?:foot|end)?notes$/iu;

/** Titles of documents that are front matter when a table of contents names them so. */
const FRONT_MATTER_TITLE =
  /^(?:title ?page|half ?title|copyright(?: page)?|dedication|colophon|imprint|cover|about the publisher)$/iu;

interface TocFileEntry extends TocEntry {
  /** The spine document the entry points into. */
  file: string;
}

/**
 * The table of contents in reading order (the EPUB 3 navigation document, else the EPUB 2 NCX), each entry with
 * its document and fragment: pandoc keeps a part and its chapters in one document, told apart by the fragments.
 * An entry nested under another is a chapter of that part.
 */
function tableOfContents(
  nav: ManifestItem | undefined,
  ncx: ManifestItem | undefined,
  read: (name: string) => string,
): TocFileEntry[] {
  const entries: TocFileEntry[] = [];
  let base = '';
  const add = (href: unknown, label: unknown, part: string | undefined): string | undefined => {
    const title = textOf(label);
    if (typeof href !== 'string' || !title) return undefined;
    // libepubgen (LibreOffice) names a section without a heading "Section 1": that is no title to read.
    if (/^section \d+$/iu.test(title)) return undefined;
    const [file = '', fragment] = href.split('#');
    entries.push({
      file: path.normalize(path.join(base, decodeURIComponent(file))),
      ...(fragment ? { id: decodeURIComponent(fragment) } : {}),
      title,
      ...(part !== undefined ? { part } : {}),
    });
    return title;
  };
  if (nav) {
    base = path.dirname(nav.href);
    const document = parse(read(nav.href), nav.href);
    // <li><a>Part</a><ol><li><a>Chapter</a></li></ol></li>: an item's own link, then its sub-list.
    const walkList = (list: unknown, part: string | undefined): void => {
      for (const item of (dig(list, 'li') as XmlNode[] | undefined) ?? []) {
        const link = (item.a ?? item.span) as XmlNode | undefined;
        const title = link ? add(link.href, link, part) : undefined;
        for (const sub of [item.ol, item.ul].flat()) if (sub) walkList(sub, part ?? title);
      }
    };
    const navs = findAll(document, 'nav');
    const tocNav =
      navs.find((candidate) => candidate.type === 'toc') ??
      navs.find((candidate) => candidate.type !== 'landmarks' && candidate.type !== 'page-list');
    for (const list of [tocNav?.ol, tocNav?.ul].flat()) if (list) walkList(list, undefined);
    if (entries.length > 0) return entries;
  }
  if (ncx) {
    base = path.dirname(ncx.href);
    const document = parse(read(ncx.href), ncx.href);
    const walk = (points: unknown, part: string | undefined): void => {
      for (const point of (points as XmlNode[] | undefined) ?? []) {
        const title = add((point.content as XmlNode | undefined)?.src, dig(point, 'navLabel', 'text'), part);
        walk(point.navPoint, part ?? title);
      }
    };
    walk(dig(document, 'ncx', 'navMap', 'navPoint'), undefined);
  }
  return entries;
}

/**
 * Documents the book marks as front matter (title page, copyright page, dedication, cover) or as a contents page,
 * by the EPUB 3 landmarks and the EPUB 2 guide.
 */
function frontMatterDocuments(
  opf: XmlNode,
  nav: ManifestItem | undefined,
  read: (name: string) => string,
  resolve: (href: string) => string,
): Map<string, 'front' | 'toc'> {
  const found = new Map<string, 'front' | 'toc'>();
  const mark = (file: string, type: string): void => {
    const kind = /^(?:toc|contents)$/iu.test(type)
      ? 'toc'
      : /^(?:title-?page|halftitlepage|copyright-page|cover|dedication|colophon|imprint|frontmatter)$/iu.test(
            type,
          )
        ? 'front'
        : undefined;
    if (kind && !found.has(file)) found.set(file, kind);
  };
  for (const reference of (dig(opf, 'package', 'guide', 'reference') as XmlNode[] | undefined) ?? []) {
    if (typeof reference.href === 'string' && typeof reference.type === 'string') {
      mark(resolve(reference.href), reference.type);
    }
  }
  if (nav) {
    const navBase = path.dirname(nav.href);
    const landmarks = findAll(parse(read(nav.href), nav.href), 'nav').find(
      (candidate) => candidate.type === 'landmarks',
    );
    for (const link of findAll(landmarks, 'a')) {
      if (typeof link.href === 'string' && typeof link.type === 'string' && !link.href.includes('#')) {
        mark(path.normalize(path.join(navBase, decodeURIComponent(link.href))), link.type);
      }
    }
  }
  return found;
}

/** The EPUB 2 table of contents: the spine's `toc`, else the manifest's NCX. */
function ncxOf(opf: XmlNode, manifest: Map<string, ManifestItem>): ManifestItem | undefined {
  const spineToc = dig(opf, 'package', 'spine') as XmlNode | undefined;
  return (
    (typeof spineToc?.toc === 'string' ? manifest.get(spineToc.toc) : undefined) ??
    [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml')
  );
}

/** The cover image's item: EPUB 3 `cover-image` property, else EPUB 2 `<meta name="cover">`. */
function coverItemOf(opf: XmlNode, manifest: Map<string, ManifestItem>): ManifestItem | undefined {
  const metas = [dig(opf, 'package', 'metadata', 'meta')].flat() as (XmlNode | undefined)[];
  const coverId = metas.find((meta) => meta?.name === 'cover')?.content;
  return (
    [...manifest.values()].find((candidate) => candidate.properties?.split(/\s+/u).includes('cover-image')) ??
    (typeof coverId === 'string' ? manifest.get(coverId) : undefined)
  );
}

/** The cover image, if it is a JPEG or PNG. */
function coverOf(item: ManifestItem | undefined, zip: BookZip): ImportedCover | undefined {
  const bytes = item ? zip.read(item.href) : undefined;
  if (!bytes) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', bytes };
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { mime: 'image/png', bytes };
  }
  return undefined;
}

/** Every element named `name` under a parsed node, in document order. */
function findAll(node: unknown, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value as XmlNode)) {
      if (key === name)
        for (const match of [inner].flat())
          if (match && typeof match === 'object') found.push(match as XmlNode);
      walk(inner);
    }
  };
  walk(node);
  return found;
}

const wordsOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function sameWords(a: string, b: string): boolean {
  return wordsOf(a) === wordsOf(b);
}

/** A short document whose text starts with the book's title: a title page however it is marked up. */
function opensWithTitle(html: string, title: string): boolean {
  const text = wordsOf(
    html
      .replace(/<head[\s\S]*?<\/head>/iu, ' ')
      .replace(/<[^>]*>/gu, ' ')
      .replace(/&[a-z]+;|&#\d+;/giu, ' '),
  );
  return text.length < 1000 && text.startsWith(wordsOf(title));
}

function parse(text: string, name: string): XmlNode {
  // readXmlTree takes the DTD out first, its entities unread, and drops references to them.
  try {
    return readXmlTree(text, EPUB_XML);
  } catch (error) {
    throw new EpubError(
      `${name} is not well-formed XML (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

function dig(node: unknown, ...keys: string[]): unknown {
  let current = node;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as XmlNode)[key];
  }
  return current;
}

/** Text of an XML value: a string, a node with #text, or the first of a list; nested inline tags flattened. */
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value).replace(/\s+/gu, ' ').trim();
    return text === '' ? undefined : text;
  }
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as XmlNode)
      .filter(
        ([key]) =>
          key === '#text' || !/^[a-z-]+$/u.test(key) || ['span', 'em', 'strong', 'i', 'b'].includes(key),
      )
      .map(([, inner]) => textOf(inner) ?? '');
    const text = parts.join(' ').replace(/\s+/gu, ' ').trim();
    return text === '' ? undefined : text;
  }
  return undefined;
}
