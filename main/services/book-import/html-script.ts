import { Parser } from 'htmlparser2';
import type { ScriptBuilder } from '../../../common/import/text-script.js';
import {
  hasTitleClass,
  isBackLinkInNote,
  isFrontMatterElement,
  isNoteMark,
  isNotesElement,
} from './book-markup.js';
import { withoutDeclarations, withoutEntityReferences } from '../../../common/xml/markup-declarations.js';

const HEADINGS = new Set(['h1', 'h2', 'h3']);
/** Elements whose text is a paragraph of its own. */
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'blockquote',
  'dd',
  'dt',
  'td',
  'th',
  'h4',
  'h5',
  'h6',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'aside',
]);
/** Elements that are never read aloud. */
const SKIPPED = new Set([
  'script',
  'style',
  'head',
  'nav',
  'aside',
  'figcaption',
  'sup',
  'rt',
  'rp',
  'svg',
  'math',
]);

/** A chapter named by a table of contents: where it starts in a document, its title and the part it is in. */
export interface TocEntry {
  /** The element id the entry points to; absent: the document's start. */
  id?: string;
  title: string;
  part?: string;
}

export interface FeedOptions {
  /** The table of contents' entries that point into this document, in its order. */
  toc?: readonly TocEntry[];
  /** The whole document is front matter (an EPUB's title or copyright page by its landmarks). */
  frontMatter?: boolean;
  /** The book's title, where its metadata gives it: a heading styled as the title is its title page only if so. */
  bookTitle?: string | undefined;
  /** The whole document is the book's notes (an EPUB's "Notes" document): its text goes to the notes. */
  notes?: boolean;
}

interface HtmlMetadata {
  title?: string;
  author?: string;
  language?: string;
}

/** What an open element changed, undone when it closes. */
interface OpenElement {
  name: string;
  skip: boolean;
  notes: boolean;
  /** The front-matter state before it, when it changed it. */
  frontMatterBefore?: boolean;
  /** A link: where its text starts and its attributes, to drop it if it is a note mark or a back-link. */
  link?: { start: number; attributes: Record<string, string> };
}

/**
 * Feeds an HTML or XHTML document (a web page, an EPUB chapter, mammoth's DOCX output) into a script builder
 * with htmlparser2: h1–h3 start chapters, block elements end paragraphs, `<br>` ends a line, and scripts, styles,
 * navigation, note marks and back-links are left out. Footnotes go to the builder's notes, title pages and
 * copyright pages to its front matter. A table of contents' entries start chapters where their ids are (pandoc
 * puts a part and its chapters in one file); a heading right after an entry, or with its title, is that entry's
 * and not read twice. DOCTYPE declarations and processing instructions are never read
 * (common/xml/markup-declarations.ts).
 * Returns the document's `<title>`, author (`<meta name="author">`) and language (`lang`).
 */
export function feedHtml(html: string, builder: ScriptBuilder, options: FeedOptions = {}): HtmlMetadata {
  const byId = new Map<string, TocEntry[]>();
  const pending: TocEntry[] = [];
  for (const entry of options.toc ?? []) {
    if (entry.id === undefined) pending.push(entry);
    else byId.set(entry.id, [...(byId.get(entry.id) ?? []), entry]);
  }
  const announced = new Set<string>();
  let justAnnounced = false;
  let frontMatter = options.frontMatter ?? false;
  builder.frontMatter(frontMatter);
  const stack: OpenElement[] = [];
  let skipping = 0;
  let inNotes = options.notes ? 1 : 0;
  let text = '';
  let inHeading = false;
  let headingLevel = 1;
  let titleHeading = false;
  let inTitle = false;
  let title = '';
  let author: string | undefined;
  let language: string | undefined;

  const announce = (): void => {
    for (const entry of pending.splice(0)) {
      builder.heading(entry.title, { part: entry.part });
      announced.add(key(entry.title));
      justAnnounced = true;
    }
  };
  // A DTD's declarations are taken out before parsing, and its entities are never expanded: nothing of them is read.
  const { markup, declaredEntities } = withoutDeclarations(html);
  const flush = (): void => {
    text = withoutEntityReferences(text, declaredEntities);
    const content = /[\p{L}\p{N}]/u.test(text);
    if (content && inNotes > 0) {
      // A table of contents entry pointing into the notes ("Notes") names them: no chapter of the text.
      pending.length = 0;
      if (!inHeading) builder.note(text);
    } else if (content && inHeading) {
      // A heading styled as the title, before the text, that is the book's title (when known) is its title page.
      const titlePage =
        titleHeading &&
        !frontMatter &&
        !builder.hasText() &&
        (options.bookTitle === undefined || key(options.bookTitle) === key(text));
      if (titlePage) builder.frontMatter(true);
      announce();
      // The table of contents' own entry for this heading was just read, or names it: it is not read twice.
      if (!justAnnounced && !announced.has(key(text))) {
        // Without a table of contents, `h1` parts hold `h2`/`h3` chapters.
        builder.heading(text, options.toc?.length ? {} : { level: headingLevel });
      }
      if (titlePage) builder.frontMatter(false);
      justAnnounced = false;
    } else if (content) {
      announce();
      // LibreOffice writes headings as styled paragraphs: one repeating the entry just read is its heading.
      if (!(justAnnounced && announced.has(key(text)))) builder.paragraph(text);
      justAnnounced = false;
    }
    text = '';
  };
  const setFrontMatter = (active: boolean): void => {
    if (active === frontMatter) return;
    flush();
    frontMatter = active;
    builder.frontMatter(active);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (name === 'html') language ??= attributes.lang ?? attributes['xml:lang'];
        if (name === 'meta' && /^(?:author|dc\.creator)$/iu.test(attributes.name ?? '')) {
          author ??= attributes.content;
        }
        const open: OpenElement = { name, skip: false, notes: false };
        stack.push(open);
        if (skipping > 0) return;
        const notes = isNotesElement(name, attributes);
        if (SKIPPED.has(name) && !notes) {
          open.skip = true;
          skipping += 1;
          return;
        }
        const id = attributes.id;
        if (id !== undefined && byId.has(id)) {
          flush();
          pending.push(...byId.get(id)!);
          byId.delete(id);
        }
        const matter = isFrontMatterElement(name, attributes, !builder.hasText());
        if (matter !== null && matter !== frontMatter) {
          open.frontMatterBefore = frontMatter;
          setFrontMatter(matter);
        }
        if (notes) {
          flush();
          open.notes = true;
          inNotes += 1;
        }
        if (HEADINGS.has(name)) {
          flush();
          inHeading = true;
          headingLevel = Number(name.slice(1));
          titleHeading = hasTitleClass(name, attributes);
        } else if (BLOCKS.has(name)) flush();
        else if (name === 'br') text += '\n';
        else if (name === 'a') open.link = { start: text.length, attributes };
      },
      ontext(data) {
        if (inTitle) title += data;
        if (skipping === 0 && !inTitle) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        const open = stack.pop();
        if (!open) return;
        if (open.skip) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping > 0) return;
        if (open.link && open.link.start <= text.length) {
          const shown = text.slice(open.link.start);
          if (
            isNoteMark(open.link.attributes, shown) ||
            (inNotes > 0 && isBackLinkInNote(open.link.attributes, shown))
          ) {
            text = text.slice(0, open.link.start);
          }
        }
        if (HEADINGS.has(name)) {
          flush();
          inHeading = false;
        } else if (BLOCKS.has(name)) flush();
        if (open.notes) {
          flush();
          inNotes -= 1;
        }
        if (open.frontMatterBefore !== undefined) setFrontMatter(open.frontMatterBefore);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(markup);
  parser.end();
  flush();
  // An entry whose place was never found (or a document with no text after it) still names its chapter.
  announce();
  builder.frontMatter(false);
  const found: HtmlMetadata = {};
  for (const [field, value] of [
    ['title', withoutEntityReferences(title, declaredEntities)],
    ['author', author],
    ['language', language],
  ] as const) {
    const trimmed = value?.replace(/\s+/gu, ' ').trim();
    if (trimmed) found[field] = trimmed;
  }
  return found;
}

/** A title's words, for spotting a heading that repeats a table of contents entry. */
function key(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
