import path from 'node:path/posix';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync, strFromU8 } from 'fflate';
import type { ImportReading, ImportedScript } from '../../../common/import/imported-script.js';
import { ScriptBuilder } from '../../../common/import/text-script.js';
import { feedHtml } from './html-script.js';

/** Why an EPUB cannot be read, in words that say what is missing or broken. */
class EpubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpubError';
  }
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  isArray: (name) => ['item', 'itemref', 'navPoint', 'li', 'rootfile', 'creator', 'title'].includes(name),
});

type XmlNode = Record<string, unknown>;

/**
 * An EPUB (2 or 3), unzipped with fflate: the container names the package (OPF), whose spine gives the reading
 * order; the table of contents (EPUB 3 nav, else the NCX) names the chapters, each starting at the spine document
 * it points into. Without a table of contents, headings inside the documents start chapters.
 */
export function parseEpub(bytes: Uint8Array, reading: ImportReading): ImportedScript {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch (error) {
    throw new EpubError(
      `it is not a readable zip archive (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const read = (name: string): string => {
    const file = files[name] ?? files[decodeURIComponent(name)];
    if (!file) throw new EpubError(`it lists ${name}, which is not in the archive`);
    return strFromU8(file);
  };
  if (!files['META-INF/container.xml'])
    throw new EpubError('META-INF/container.xml is missing: it is not an EPUB');
  const container = parse(read('META-INF/container.xml'), 'META-INF/container.xml');
  const rootfile = (dig(container, 'container', 'rootfiles', 'rootfile') as XmlNode[] | undefined)?.[0];
  const opfPath = typeof rootfile?.['full-path'] === 'string' ? rootfile['full-path'] : undefined;
  if (!opfPath) throw new EpubError('META-INF/container.xml names no package (OPF) file');
  const opf = parse(read(opfPath), opfPath);
  const base = path.dirname(opfPath);
  const resolve = (href: string): string => path.normalize(path.join(base, href.split('#')[0] ?? ''));
  const manifest = new Map<string, { href: string; properties?: string; mediaType?: string }>();
  for (const item of (dig(opf, 'package', 'manifest', 'item') as XmlNode[] | undefined) ?? []) {
    if (typeof item.id === 'string' && typeof item.href === 'string') {
      manifest.set(item.id, {
        href: resolve(item.href),
        ...(typeof item.properties === 'string' ? { properties: item.properties } : {}),
        ...(typeof item['media-type'] === 'string' ? { mediaType: item['media-type'] } : {}),
      });
    }
  }
  const spine = ((dig(opf, 'package', 'spine', 'itemref') as XmlNode[] | undefined) ?? [])
    .filter((ref) => ref.linear !== 'no')
    .map((ref) => manifest.get(String(ref.idref))?.href)
    .filter((href): href is string => href !== undefined);
  if (spine.length === 0) throw new EpubError(`${opfPath} has an empty spine: there is no text to read`);

  const toc = tableOfContents(opf, manifest, read, resolve);
  const builder = new ScriptBuilder(reading);
  // With a table of contents, the headings in the text repeat its titles: they are not read twice.
  const headings = toc.size === 0;
  for (const href of spine) {
    const title = toc.get(href);
    if (title) builder.heading(title);
    feedHtml(read(href), builder, { headings });
  }
  const metadata = dig(opf, 'package', 'metadata') as XmlNode | undefined;
  return builder.script({ title: textOf(metadata?.title), author: textOf(metadata?.creator) });
}

/** Spine document → chapter title, from the EPUB 3 navigation document or the EPUB 2 NCX. */
function tableOfContents(
  opf: XmlNode,
  manifest: Map<string, { href: string; properties?: string; mediaType?: string }>,
  read: (name: string) => string,
  resolve: (href: string) => string,
): Map<string, string> {
  const entries = new Map<string, string>();
  const add = (href: unknown, label: unknown): void => {
    const title = textOf(label);
    if (typeof href !== 'string' || !title) return;
    const key = resolveFrom(href);
    if (!entries.has(key)) entries.set(key, title);
  };
  let resolveFrom = resolve;
  const nav = [...manifest.values()].find((item) => item.properties?.split(/\s+/u).includes('nav'));
  if (nav) {
    const navBase = path.dirname(nav.href);
    resolveFrom = (href) => path.normalize(path.join(navBase, href.split('#')[0] ?? ''));
    const document = parse(read(nav.href), nav.href);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      const record = node as XmlNode;
      if (record.a && typeof record.a === 'object') add((record.a as XmlNode).href, record.a);
      for (const [key, value] of Object.entries(record)) if (key !== 'a') walk(value);
    };
    const navs = dig(document, 'html', 'body', 'nav');
    const tocNav = (Array.isArray(navs) ? navs : [navs]).find(
      (candidate) =>
        candidate && typeof candidate === 'object' && (candidate as XmlNode).type !== 'landmarks',
    );
    walk(tocNav);
    if (entries.size > 0) return entries;
  }
  const spineToc = dig(opf, 'package', 'spine') as XmlNode | undefined;
  const ncx =
    (typeof spineToc?.toc === 'string' ? manifest.get(spineToc.toc) : undefined) ??
    [...manifest.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  if (ncx) {
    const ncxBase = path.dirname(ncx.href);
    resolveFrom = (href) => path.normalize(path.join(ncxBase, href.split('#')[0] ?? ''));
    const document = parse(read(ncx.href), ncx.href);
    const walk = (points: unknown): void => {
      for (const point of (points as XmlNode[] | undefined) ?? []) {
        add((point.content as XmlNode | undefined)?.src, dig(point, 'navLabel', 'text'));
        walk(point.navPoint);
      }
    };
    walk(dig(document, 'ncx', 'navMap', 'navPoint'));
  }
  return entries;
}

function parse(text: string, name: string): XmlNode {
  try {
    return xml.parse(text) as XmlNode;
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
