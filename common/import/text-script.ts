import type { Token } from 'marked';
import { marked } from 'marked';
import type { ParagraphMode } from '../text/index.js';
import { splitParagraphs } from '../text/paragraphs.js';
import type { ImportReading, ImportedChapter, ImportedLine, ImportedScript } from './imported-script.js';
import { splitQuotedDialogue } from './quoted-dialogue.js';
import { speakerLabelOf } from './speaker-labels.js';

/** A lone short line like "Chapter 3", "CHAPTER THREE: The Storm", "Prologue" or "Part Two" starts a chapter. */
const PLAIN_HEADING =
  /^(?:chapter|part|book|prologue|epilogue|interlude|introduction|afterword)\b[^.!?]{0,80}[^.!?,;]?$/iu;

/** Collects lines into chapters as a parser walks a document. */
export class ScriptBuilder {
  private readonly chapters: ImportedChapter[] = [];
  /** Lines of the current chapter that are not its (spoken) headings. */
  private bodyLines = 0;

  constructor(private readonly reading: ImportReading) {}

  /**
   * Starts a chapter named `title`; the title is also its first spoken line, as narrators read chapter titles.
   * Headings in a row ("Part One", then "Chapter 1") make one chapter, named by the last.
   */
  heading(title: string): void {
    const text = title.replace(/\s+/gu, ' ').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    const current = this.chapters[this.chapters.length - 1];
    if (current && this.bodyLines === 0 && current.title !== undefined) current.title = text;
    else {
      this.chapters.push({ title: text, lines: [] });
      this.bodyLines = 0;
    }
    this.chapters[this.chapters.length - 1]!.lines.push({ text });
  }

  /** A paragraph of the document, read for labels and dialogue as the user chose. */
  paragraph(raw: string): void {
    const text = raw.replace(/\s+/gu, ' ').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    const labelled = this.reading.speakerLabels ? speakerLabelOf(text) : null;
    if (labelled) {
      const narrator = labelled.speaker.toLowerCase() === 'narrator';
      return this.add([{ text: labelled.text, ...(narrator ? {} : { speaker: labelled.speaker }) }]);
    }
    this.add(this.reading.quotedDialogue ? splitQuotedDialogue(text) : [{ text }]);
  }

  line(line: ImportedLine): void {
    this.add([line]);
  }

  script(meta: { title?: string | undefined; author?: string | undefined } = {}): ImportedScript {
    return { ...meta, chapters: this.chapters.filter((chapter) => chapter.lines.length > 0) };
  }

  private add(lines: ImportedLine[]): void {
    if (this.chapters.length === 0) this.chapters.push({ lines: [] });
    this.chapters[this.chapters.length - 1]!.lines.push(...lines);
    this.bodyLines += lines.length;
  }
}

/**
 * Plain text: paragraphs as the user chose (blank lines or every line); a labelled line always starts its own
 * paragraph; a lone "Chapter …" line starts a chapter.
 */
export function parsePlainText(
  text: string,
  paragraphs: ParagraphMode,
  reading: ImportReading,
): ImportedScript {
  const builder = new ScriptBuilder(reading);
  const prepared = reading.speakerLabels
    ? text
        .split(/\r\n?|\n/u)
        .map((line) => (speakerLabelOf(line) ? `\n${line}` : line))
        .join('\n')
    : text;
  for (const paragraph of splitParagraphs(prepared, paragraphs)) {
    if (paragraph.length <= 100 && PLAIN_HEADING.test(paragraph) && !speakerLabelOf(paragraph)) {
      builder.heading(paragraph);
    } else builder.paragraph(paragraph);
  }
  return builder.script();
}

/** Markdown, read by marked's lexer: headings (levels 1–3) start chapters; paragraphs, lists and quotes are text. */
export function parseMarkdown(text: string, reading: ImportReading): ImportedScript {
  const builder = new ScriptBuilder(reading);
  let title: string | undefined;
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens) {
      switch (token.type) {
        case 'heading':
          if (token.depth <= 3) {
            const heading = plain(token.text);
            if (token.depth === 1 && title === undefined) title = heading;
            builder.heading(heading);
          } else builder.paragraph(plain(token.text));
          break;
        case 'paragraph':
          for (const line of reading.speakerLabels ? plain(token.text).split('\n') : [plain(token.text)]) {
            builder.paragraph(line);
          }
          break;
        case 'list':
          for (const item of token.items as { text: string }[]) builder.paragraph(plain(item.text));
          break;
        case 'blockquote':
          walk(token.tokens ?? []);
          break;
        case 'text':
          builder.paragraph(plain(token.text));
          break;
        default:
          // Code, tables, rules and HTML are not read aloud.
          break;
      }
    }
  };
  walk(marked.lexer(text));
  return builder.script({ title });
}

/** Inline Markdown to the words it shows: emphasis marks, links' targets and code ticks removed. */
function plain(inline: string): string {
  return inline
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1')
    .replace(/(\*\*|__|\*|_|~~|`)(\S(?:.*?\S)?)\1/gu, '$2')
    .replace(/<[^>]+>/gu, '')
    .trim();
}
