import { Parser } from 'htmlparser2';
import type { ScriptBuilder } from '../../../common/import/text-script.js';

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

/**
 * Feeds an HTML or XHTML document (a web page, an EPUB chapter, mammoth's DOCX output) into a script builder
 * with htmlparser2: h1–h3 start chapters, block elements end paragraphs, `<br>` ends a line, and scripts, styles,
 * navigation and footnote marks are left out. Returns the document's `<title>`, if any.
 */
export function feedHtml(
  html: string,
  builder: ScriptBuilder,
  options: { headings: boolean } = { headings: true },
): { title?: string } {
  let text = '';
  let skipping = 0;
  let inHeading = false;
  let inTitle = false;
  let title = '';
  const flush = (): void => {
    // Without headings (an EPUB whose table of contents names the chapters), a heading's text is dropped.
    if (!inHeading) builder.paragraph(text);
    else if (options.headings) builder.heading(text);
    text = '';
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (SKIPPED.has(name)) {
          skipping += 1;
          return;
        }
        if (skipping > 0) return;
        if (HEADINGS.has(name)) {
          flush();
          inHeading = true;
        } else if (BLOCKS.has(name)) flush();
        else if (name === 'br') text += '\n';
      },
      ontext(data) {
        if (inTitle) title += data;
        if (skipping === 0 && !inTitle) text += data;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIPPED.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping > 0) return;
        if (HEADINGS.has(name)) {
          flush();
          inHeading = false;
        } else if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  flush();
  const trimmed = title.replace(/\s+/gu, ' ').trim();
  return trimmed === '' ? {} : { title: trimmed };
}
