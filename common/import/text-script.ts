import type { MarkedToken, Token } from 'marked';
import { marked } from 'marked';
import type { ParagraphMode } from '../text/index.js';
import { splitParagraphs } from '../text/paragraphs.js';
import { bookMetadataOf } from './book-metadata.js';
import type { ImportReading, ImportedChapter, ImportedLine, ImportedScript } from './imported-script.js';
import { DialogueContext, splitQuotedDialogue } from './quoted-dialogue.js';
import { speakerLabelOf } from './speaker-labels.js';
import { splitYamlHeader } from './yaml-header.js';

/** A lone short line like "Chapter 3", "CHAPTER THREE: The Storm", "Prologue" or "Part Two" starts a chapter. */
const PLAIN_HEADING =
  /^(?:chapter|part|book|prologue|epilogue|interlude|introduction|afterword)\b[^.!?]{0,80}[^.!?,;]?$/iu;

/** Title of the chapter footnotes are gathered into. */
const NOTES_TITLE = 'Notes';
/** Title of front matter that has no heading of its own (a copyright page). */
const FRONT_MATTER_TITLE = 'Front matter';

/** Collects lines into chapters as a parser walks a document. */
export class ScriptBuilder {
  private readonly chapters: ImportedChapter[] = [];
  private readonly notes: ImportedLine[] = [];
  /** Lines of the current chapter that are not its (spoken) headings. */
  private bodyLines = 0;
  /** The parser is inside front matter (a title page, a copyright page, a title block). */
  private inFrontMatter = false;
  private textBegun = false;
  /** The last level-1 heading of the text: the part of the chapters headed below it. */
  private levelOneTitle: string | undefined;
  /** Who spoke lately in this chapter, for "…," she said. */
  private dialogue = new DialogueContext();

  constructor(private readonly reading: ImportReading) {}

  /**
   * Starts a chapter named `title`; the title is also its first spoken line, as narrators read chapter titles.
   * Headings in a row ("Part One", then "Chapter 1") make one chapter, named by the last (and in the part named
   * by `part`, from a nested table of contents, or by the last level-1 heading when `level` says this one is
   * below it: `#` Part One, `##` The Sea Wall). Inside front matter, the chapter is front matter.
   */
  heading(title: string, options: { part?: string | undefined; level?: number | undefined } = {}): void {
    const text = title.replace(/\s+/gu, ' ').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    const kind = this.inFrontMatter ? 'front-matter' : undefined;
    if (!kind && options.level === 1) this.levelOneTitle = text;
    const part =
      options.part ??
      (!kind && options.level !== undefined && options.level > 1 ? this.levelOneTitle : undefined);
    const current = this.chapters[this.chapters.length - 1];
    if (current && this.bodyLines === 0 && current.title !== undefined && current.kind === kind) {
      current.title = text;
      if (part !== undefined) current.part = part;
    } else {
      this.dialogue = new DialogueContext();
      this.chapters.push({
        title: text,
        ...(kind ? { kind } : {}),
        ...(part !== undefined ? { part } : {}),
        lines: [],
      });
      this.bodyLines = 0;
    }
    this.chapters[this.chapters.length - 1]!.lines.push({ text });
    if (!kind) this.textBegun = true;
  }

  /** Paragraphs and headings from here on are front matter (true) or the book's text (false). */
  frontMatter(active: boolean): void {
    this.inFrontMatter = active;
  }

  /** A paragraph of the document, read for labels and dialogue as the user chose. */
  paragraph(raw: string): void {
    const text = raw.replace(/\s+/gu, ' ').trim();
    if (!/[\p{L}\p{N}]/u.test(text)) return;
    if (this.inFrontMatter) return this.frontMatterLine(text);
    const labelled = this.reading.speakerLabels ? speakerLabelOf(text) : null;
    if (labelled) {
      const narrator = labelled.speaker.toLowerCase() === 'narrator';
      return this.add([{ text: labelled.text, ...(narrator ? {} : { speaker: labelled.speaker }) }]);
    }
    this.add(this.reading.quotedDialogue ? splitQuotedDialogue(text, this.dialogue) : [{ text }]);
  }

  /** Whether the book's own text (not front matter, not notes) has begun. */
  hasText(): boolean {
    return this.textBegun;
  }

  /** A footnote's text: gathered into a "Notes" chapter at the end, never read where it is marked. */
  note(raw: string): void {
    const text = raw.replace(/\s+/gu, ' ').trim();
    if (/[\p{L}\p{N}]/u.test(text)) this.notes.push({ text });
  }

  line(line: ImportedLine): void {
    this.add([line]);
  }

  script(
    meta: Pick<ImportedScript, 'title' | 'author' | 'language' | 'copyright' | 'cover'> = {},
  ): ImportedScript {
    const chapters = this.chapters.filter((chapter) => chapter.lines.length > 0);
    if (this.notes.length > 0) {
      chapters.push({ title: NOTES_TITLE, kind: 'notes', lines: [{ text: NOTES_TITLE }, ...this.notes] });
    }
    // Every reader's metadata passes here: made to fit what a project keeps, so it never fails an import.
    const defined = Object.entries({ ...meta, ...bookMetadataOf(meta) }).filter(
      ([, value]) => value !== undefined,
    );
    return { ...(Object.fromEntries(defined) as typeof meta), chapters };
  }

  /**
   * A line of front matter, said once: a copyright line that repeats one already there (the title page's rights
   * line, then the copyright page) is kept in its fuller form only.
   */
  private frontMatterLine(text: string): void {
    let current = this.chapters[this.chapters.length - 1];
    if (current?.kind !== 'front-matter') {
      current = { title: FRONT_MATTER_TITLE, kind: 'front-matter', lines: [] };
      this.chapters.push(current);
      this.bodyLines = 0;
    }
    const key = repeatKey(text);
    for (const chapter of this.chapters) {
      if (chapter.kind !== 'front-matter') continue;
      const index = chapter.lines.findIndex((line) => {
        const earlier = repeatKey(line.text);
        return earlier === key || (isCopyright(text) && isCopyright(line.text) && key.includes(earlier));
      });
      if (index === -1) continue;
      if (repeatKey(chapter.lines[index]!.text).length >= key.length) return;
      chapter.lines.splice(index, 1);
    }
    current.lines.push({ text });
    this.bodyLines += 1;
  }

  private add(lines: ImportedLine[]): void {
    const current = this.chapters[this.chapters.length - 1];
    if (!current || current.kind === 'front-matter') this.chapters.push({ lines: [] });
    this.chapters[this.chapters.length - 1]!.lines.push(...lines);
    this.bodyLines += lines.length;
    this.textBegun = true;
  }
}

const COPYRIGHT = /©|\(c\)|copyright|all rights reserved/iu;

function isCopyright(text: string): boolean {
  return COPYRIGHT.test(text);
}

/** A line's words for spotting a repeat: case, punctuation and the copyright sign's spellings ignored. */
function repeatKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/©|\(c\)|\bcopyright\b/gu, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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

/**
 * Markdown, read by marked's lexer: headings (levels 1–3) start chapters; paragraphs, lists and quotes are text.
 * A YAML metadata block gives the title, author, language and copyright (rights), and a title page as front matter.
 */
export function parseMarkdown(text: string, reading: ImportReading): ImportedScript {
  const builder = new ScriptBuilder(reading);
  const { header, body } = splitYamlHeader(text);
  let title = header?.title;
  if (header?.title) {
    builder.frontMatter(true);
    builder.heading(header.title);
    for (const line of [header.subtitle, header.author, header.rights]) if (line) builder.paragraph(line);
    builder.frontMatter(false);
  }
  // No marked extension is registered, so every token is one of marked's own kinds (none is the catch-all
  // Generic token, whose fields are `any`).
  const walk = (tokens: readonly Token[]): void => {
    for (const token of tokens as readonly MarkedToken[]) {
      switch (token.type) {
        case 'heading':
          if (token.depth <= 3) {
            const heading = plain(token.text);
            if (token.depth === 1 && title === undefined) title = heading;
            builder.heading(heading, { level: token.depth });
          } else builder.paragraph(plain(token.text));
          break;
        case 'paragraph':
          for (const line of reading.speakerLabels ? plain(token.text).split('\n') : [plain(token.text)]) {
            builder.paragraph(line);
          }
          break;
        case 'list':
          for (const item of token.items) builder.paragraph(plain(item.text));
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
  const { text: markdown, notes } = splitMarkdownNotes(body);
  walk(marked.lexer(markdown));
  for (const note of notes) builder.note(plain(note));
  return builder.script({
    title,
    author: header?.author,
    language: header?.language,
    copyright: header?.rights,
  });
}

/** A footnote definition (`[^1]: text`, continued by indented lines), as pandoc and GitHub write them. */
const NOTE_DEFINITION = /^\[\^[^\]\s]+\]:[ \t]*(.*(?:\r?\n(?:[ \t]+.*|[ \t]*(?=\r?\n[ \t]+\S)))*)/gmu;
/** A footnote mark in the text: `[^1]`. */
const NOTE_MARK = /\[\^[^\]\s]+\](?!:)/gu;

/** Markdown without its footnote marks and definitions, and the definitions' text, in order. */
function splitMarkdownNotes(markdown: string): { text: string; notes: string[] } {
  const notes: string[] = [];
  const text = markdown
    .replace(NOTE_DEFINITION, (_, note: string) => {
      notes.push(note.replace(/\s+/gu, ' ').trim());
      return '';
    })
    .replace(NOTE_MARK, '');
  return { text, notes };
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
