/**
 * How producers mark up what is not the book's running text, read from an element's name and attributes:
 * footnote marks and back-links (pandoc, mammoth, LibreOffice, calibre), footnote areas, and front matter.
 */
type Attributes = Record<string, string | undefined>;

const words = (value: string | undefined): string[] => value?.toLowerCase().split(/\s+/u) ?? [];
const typesOf = (attributes: Attributes): string[] => [
  ...words(attributes['epub:type']),
  ...words(attributes.role),
];
const classesOf = (attributes: Attributes): string[] => words(attributes.class);

const MARK_TYPES = new Set(['noteref', 'doc-noteref', 'backlink', 'doc-backlink', 'referrer']);
const MARK_CLASSES = new Set([
  'footnote-ref',
  'footnote-back',
  'footnoteref',
  'noteref',
  'sdfootnoteanc',
  'sdfootnotesym',
  'sdendnoteanc',
  'sdendnotesym',
]);
/** What a note mark shows: a number, a bracketed one, a letter or a symbol. */
const MARK_TEXT = /^\s*(?:[[(]?(?:\d{1,4}|[a-z])[\])]?|[*†‡§¶]+)\s*$/iu;
/** What a back-link shows: a return arrow (pandoc's "↩︎", mammoth's "↑"), with or without a variation selector. */
const BACK_TEXT = /^\s*[↩↑⤴⇧^][\uFE0E\uFE0F]?\s*$/u;
/** A link into a note: `#fn1`, `#footnote-3`, `#endnote_2`, `#sdfootnote1sym`, `#ftn4`, `#note7`. */
const NOTE_TARGET = /#(?:[\w-]*?)(?:fn|ftn|note)[\w-]*$/iu;

/**
 * A link that is a footnote's mark in the text ("…sea wall¹") or its way back ("↩︎", mammoth's "↑"): marked as
 * such, or an in-book link showing only an arrow, or only a number pointing at a note (or carrying the id a note
 * links back to). Its text is never read; a link "see 12" to a page is.
 */
export function isNoteMark(attributes: Attributes, text: string): boolean {
  if (typesOf(attributes).some((type) => MARK_TYPES.has(type))) return true;
  if (classesOf(attributes).some((name) => MARK_CLASSES.has(name))) return true;
  const href = attributes.href ?? '';
  if (!href.includes('#')) return false;
  if (BACK_TEXT.test(text)) return true;
  return MARK_TEXT.test(text) && (NOTE_TARGET.test(href) || attributes.id !== undefined);
}

const NOTES_TYPES = new Set([
  'footnotes',
  'footnote',
  'endnotes',
  'endnote',
  'rearnotes',
  'rearnote',
  'doc-endnotes',
  'doc-endnote',
  'doc-footnote',
]);
const NOTES_CLASSES = new Set(['footnotes', 'footnote', 'endnotes', 'endnote']);
/** mammoth's `<li id="footnote-1">`, LibreOffice's `<div id="sdfootnote1">`, pandoc's `<li id="fn1">`. */
const NOTE_ID = /^(?:(?:foot|end)note-\d+|sd(?:foot|end)note\d+|fn\d+)$/iu;

/** Inside a note, an in-book link showing only a number or a symbol is its way back to the text ("1", "[1]"). */
export function isBackLinkInNote(attributes: Attributes, text: string): boolean {
  return (attributes.href ?? '').includes('#') && (MARK_TEXT.test(text) || BACK_TEXT.test(text));
}

/** An element holding footnotes (their list, or one note): its text is a note, never running text. */
export function isNotesElement(name: string, attributes: Attributes): boolean {
  if (name === 'a' || name === 'span' || name === 'sup') return false;
  if (typesOf(attributes).some((type) => NOTES_TYPES.has(type))) return true;
  if (classesOf(attributes).some((className) => NOTES_CLASSES.has(className))) return true;
  return NOTE_ID.test(attributes.id ?? '');
}

const FRONT_TYPES = new Set([
  'frontmatter',
  'titlepage',
  'halftitlepage',
  'copyright-page',
  'imprint',
  'dedication',
  'colophon',
  'cover',
  'doc-dedication',
  'doc-colophon',
  'doc-cover',
]);
const FRONT_CLASSES = new Set(['titlepage', 'title-page', 'halftitle', 'rights', 'copyright']);
/**
 * pandoc's title block: `h1.title`, `p.subtitle`, `p.author`, `p.date`, `div.rights`, in `header#title-block-header`.
 * `h1.title` is judged by its text (`isTitleHeading`): some books style a chapter's heading so.
 */
const TITLE_BLOCK_CLASSES = new Set(['subtitle', 'author', 'date']);

/**
 * Whether an element starts front matter (true), the book's text (false: EPUB's `bodymatter`), or neither (null).
 * Classes (pandoc's title block, a rights line) count only before the book's text has begun (`beforeText`): a
 * novel may style its chapter titles `p.title`.
 */
export function isFrontMatterElement(
  name: string,
  attributes: Attributes,
  beforeText: boolean,
): boolean | null {
  const types = typesOf(attributes);
  if (types.includes('bodymatter') || types.includes('backmatter')) return false;
  if (types.some((type) => FRONT_TYPES.has(type))) return true;
  if (!beforeText) return null;
  const classes = classesOf(attributes);
  if (classes.some((className) => FRONT_CLASSES.has(className))) return true;
  if (attributes.id === 'title-block-header') return true;
  if (['h1', 'p', 'div'].includes(name) && classes.some((className) => TITLE_BLOCK_CLASSES.has(className))) {
    return true;
  }
  return null;
}

/** A heading styled as the book's title (`h1.title`: pandoc, Word's Title style through mammoth). */
export function hasTitleClass(name: string, attributes: Attributes): boolean {
  return name === 'h1' && classesOf(attributes).includes('title');
}
