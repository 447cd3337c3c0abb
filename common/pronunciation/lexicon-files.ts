import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import Papa from 'papaparse';
import type { LexiconRule } from './lexicon-schema.js';
import { lexiconRulesSchema } from './lexicon-schema.js';

/*
 * Lexicons in and out: CSV (one rule per row, for spreadsheets) and PLS, the W3C Pronunciation Lexicon format
 * other studios accept, using its alias entries (a phoneme entry is IPA the service cannot be sent, so it is
 * reported, not guessed at). Parsing is by papaparse and fast-xml-parser; nothing here is hand-parsed.
 */

export type LexiconReadResult =
  { ok: true; rules: LexiconRule[]; skipped: string[] } | { ok: false; message: string };

const CSV_COLUMNS = ['term', 'replacement', 'whole_word', 'case_sensitive', 'language', 'voice_id'] as const;

export function lexiconToCsv(rules: readonly LexiconRule[]): string {
  return Papa.unparse({
    fields: [...CSV_COLUMNS],
    data: rules.map((rule) => [
      rule.term,
      rule.replacement,
      rule.wholeWord ? 'yes' : 'no',
      rule.caseSensitive ? 'yes' : 'no',
      rule.language ?? '',
      rule.voiceId ?? '',
    ]),
  });
}

/** Rules from CSV with a header row naming at least `term` and `replacement`; other columns are optional. */
export function lexiconFromCsv(text: string, fileName: string, newId: () => string): LexiconReadResult {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/u, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/gu, '_'),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes('term') || !fields.includes('replacement')) {
    return {
      ok: false,
      message: `${fileName}: the first row must name the columns, with at least "term" and "replacement" (found ${fields.join(', ') || 'none'}).`,
    };
  }
  const firstError = parsed.errors[0];
  if (firstError !== undefined && firstError.type !== 'FieldMismatch') {
    return { ok: false, message: `${fileName}: row ${(firstError.row ?? 0) + 2}: ${firstError.message}.` };
  }
  const skipped: string[] = [];
  const rules: LexiconRule[] = [];
  parsed.data.forEach((row, index) => {
    const term = (row.term ?? '').trim();
    if (term === '') {
      skipped.push(`row ${index + 2}: the term is empty`);
      return;
    }
    const language = (row.language ?? '').trim();
    const voiceId = (row.voice_id ?? '').trim();
    rules.push({
      id: newId(),
      term,
      replacement: (row.replacement ?? '').trim(),
      wholeWord: yes(row.whole_word, true),
      caseSensitive: yes(row.case_sensitive, false),
      ...(language === '' ? {} : { language }),
      ...(voiceId === '' ? {} : { voiceId }),
    });
  });
  return checked(rules, skipped, fileName);
}

const PLS_NAMESPACE = 'http://www.w3.org/2005/01/pronunciation-lexicon';

/** A PLS 1.0 document of alias entries; the language is the rules' own when they all share one. */
export function lexiconToPls(rules: readonly LexiconRule[], fallbackLanguage = 'en-US'): string {
  const languages = new Set(rules.map((rule) => rule.language).filter((language) => language !== undefined));
  const language = languages.size === 1 ? [...languages][0]! : fallbackLanguage;
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, attributeNamePrefix: '@_' });
  const xml = builder.build({
    lexicon: {
      '@_version': '1.0',
      '@_xmlns': PLS_NAMESPACE,
      '@_alphabet': 'ipa',
      '@_xml:lang': language,
      lexeme: rules.map((rule) => ({ grapheme: rule.term, alias: rule.replacement })),
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** Rules from a PLS file's lexemes with an alias (each grapheme of a lexeme becomes a rule). */
export function lexiconFromPls(text: string, fileName: string, newId: () => string): LexiconReadResult {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    isArray: (name) => ['lexeme', 'grapheme', 'alias', 'phoneme'].includes(name),
    textNodeName: '#text',
  });
  let document: { lexicon?: { lexeme?: PlsLexeme[] } };
  try {
    document = parser.parse(text, true) as typeof document;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, message: `${fileName}: this is not a well-formed XML file (${detail}).` };
  }
  if (document.lexicon === undefined) {
    return { ok: false, message: `${fileName}: this is not a PLS lexicon (there is no <lexicon> element).` };
  }
  const skipped: string[] = [];
  const rules: LexiconRule[] = [];
  (document.lexicon.lexeme ?? []).forEach((lexeme, index) => {
    const graphemes = (lexeme.grapheme ?? []).map(textOf).filter((value) => value !== '');
    const alias = (lexeme.alias ?? []).map(textOf).find((value) => value !== '');
    if (graphemes.length === 0) {
      skipped.push(`lexeme ${index + 1}: it has no grapheme`);
      return;
    }
    if (alias === undefined) {
      skipped.push(
        `“${graphemes[0]}”: only a phoneme (IPA) is given, which cannot be sent as text; add an alias for it`,
      );
      return;
    }
    for (const term of graphemes) {
      rules.push({ id: newId(), term, replacement: alias, wholeWord: true, caseSensitive: false });
    }
  });
  return checked(rules, skipped, fileName);
}

interface PlsLexeme {
  grapheme?: (string | { '#text'?: string })[];
  alias?: (string | { '#text'?: string })[];
}

function textOf(value: string | number | { '#text'?: string | number }): string {
  if (typeof value === 'object') return String(value['#text'] ?? '').trim();
  return String(value).trim();
}

function yes(value: string | undefined, fallback: boolean): boolean {
  const normalised = (value ?? '').trim().toLowerCase();
  if (normalised === '') return fallback;
  return ['yes', 'true', '1', 'y'].includes(normalised);
}

function checked(rules: LexiconRule[], skipped: string[], fileName: string): LexiconReadResult {
  const result = lexiconRulesSchema.safeParse(rules);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = typeof issue?.path[0] === 'number' ? `rule ${issue.path[0] + 1}` : 'the lexicon';
    const field = issue?.path.slice(1).join('.') ?? '';
    return {
      ok: false,
      message: `${fileName}: ${where}${field ? ` ${field}` : ''} ${issue?.message ?? 'is not valid'}.`,
    };
  }
  return { ok: true, rules: result.data, skipped };
}
