import { Parser } from 'htmlparser2';

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'pre',
  'blockquote',
  'hr',
]);
const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg']);
/** Release notes longer than this are cut (a feed is not trusted to be reasonable). */
const MAX_NOTES_CHARACTERS = 20_000;

/** The notes an update's feed gives: one HTML string, or one per version (newest first) on some providers. */
type FeedReleaseNotes = string | readonly { version: string; note: string | null }[] | null | undefined;

/**
 * Release notes as plain text. Feeds give HTML (GitHub renders the release's Markdown): it is never injected into
 * the page. Tags are dropped, block elements become line breaks, list items bullets, entities decoded, and
 * scripts, styles and embedded objects left out entirely.
 */
export function releaseNotesText(notes: FeedReleaseNotes): string {
  if (notes === null || notes === undefined) return '';
  if (typeof notes !== 'string') {
    return notes
      .map((entry) => {
        const text = htmlToText(entry.note ?? '');
        return text === '' ? `Version ${entry.version}` : `Version ${entry.version}\n${text}`;
      })
      .join('\n\n')
      .slice(0, MAX_NOTES_CHARACTERS);
  }
  return htmlToText(notes).slice(0, MAX_NOTES_CHARACTERS);
}

function htmlToText(html: string): string {
  let text = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED_TAGS.has(name)) skipping += 1;
        if (BLOCK_TAGS.has(name)) text += '\n';
        if (name === 'li' && skipping === 0) text += '• ';
      },
      ontext(data) {
        if (skipping === 0) text += data.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        if (BLOCK_TAGS.has(name)) text += '\n';
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
