import Papa from 'papaparse';
import { readXmlTree, XmlSyntaxError } from '../xml/xml-tree.js';
import { escapeXml } from '../xml/escape-xml.js';
import type { LexiconRule } from './lexicon-schema.js';
import { lexiconRulesSchema } from './lexicon-schema.js';

/*
 * Lexicons in and out: CSV (one rule per row, for spreadsheets) and PLS, the W3C Pronunciation Lexicon format
 * other studios accept, using its alias entries (a phoneme entry is IPA the service cannot be sent, so it is
 * reported, not guessed at). Parsing is by papaparse and htmlparser2 (common/xml); nothing here is hand-parsed.
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
/** Our own namespace inside PLS <metadata>, which PLS leaves open to other vocabularies (its readers skip it). */
const RULES_NAMESPACE = 'urn:timbre-studio:pronunciation-rules:1';

/**
 * A PLS 1.0 document of alias entries. PLS gives one language to a whole lexicon (there is no per-lexeme
 * language), so the lexicon's xml:lang is the rules' language only when every rule has that one; otherwise it is
 * the project's (`documentLanguage`). What PLS cannot say — each rule's language, voice, whole-word and case
 * options, and rules that say nothing in place of their term (an empty alias means nothing to other readers) —
 * is kept in the lexicon's <metadata>, linked to each lexeme by its xml:id, so our own round trip keeps every
 * rule as it was and in its order.
 */
export function lexiconToPls(rules: readonly LexiconRule[], documentLanguage = 'en-US'): string {
  const languages = new Set(rules.map((rule) => rule.language));
  const [shared] = languages;
  const language = languages.size === 1 && shared !== undefined ? shared : documentLanguage;
  const lexemeId = (index: number): string => `rule-${index + 1}`;
  const ruleEntries = rules.map((rule, index) =>
    element('rules:rule', {
      ...(rule.replacement === '' ? { term: rule.term, 'says-nothing': 'yes' } : { lexeme: lexemeId(index) }),
      'whole-word': rule.wholeWord ? 'yes' : 'no',
      'case-sensitive': rule.caseSensitive ? 'yes' : 'no',
      ...(rule.language === undefined ? {} : { language: rule.language }),
      ...(rule.voiceId === undefined ? {} : { voice: rule.voiceId }),
    }),
  );
  const lexemes = rules.flatMap((rule, index) =>
    rule.replacement === ''
      ? []
      : [
          element('lexeme', { 'xml:id': lexemeId(index) }, [
            element('grapheme', {}, rule.term),
            element('alias', {}, rule.replacement),
          ]),
        ],
  );
  const xml = element(
    'lexicon',
    { version: '1.0', xmlns: PLS_NAMESPACE, alphabet: 'ipa', 'xml:lang': language },
    [
      element('metadata', {}, [element('rules:rules', { 'xmlns:rules': RULES_NAMESPACE }, ruleEntries)]),
      ...lexemes,
    ],
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${written(xml)}\n`;
}

/** An element to write: its attributes, and its text or its child elements. */
interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly content: string | readonly XmlElement[];
}

function element(
  name: string,
  attributes: Readonly<Record<string, string>>,
  content: string | readonly XmlElement[] = [],
): XmlElement {
  return { name, attributes, content };
}

/**
 * An element indented two spaces a level: its children on lines of their own, or its text inline (so a term's own
 * line breaks and spaces are kept as they are); one with neither is written empty (`<x/>`).
 */
function written({ name, attributes, content }: XmlElement, depth = 0): string {
  const indent = '  '.repeat(depth);
  const start = `${indent}<${name}${Object.entries(attributes)
    .map(([attribute, value]) => ` ${attribute}="${escapeXml(value)}"`)
    .join('')}`;
  if (typeof content === 'string') return `${start}>${escapeXml(content)}</${name}>`;
  if (content.length === 0) return `${start}/>`;
  const children = content.map((child) => written(child, depth + 1)).join('\n');
  return `${start}>\n${children}\n${indent}</${name}>`;
}

/**
 * Rules from a PLS file's lexemes with an alias (each grapheme of a lexeme becomes a rule). Terms and aliases are
 * text: nothing is read as a number or a boolean ("007" stays "007"). Where the file carries our own <metadata>
 * (written by lexiconToPls), each rule gets back its options and its place; lexemes it does not mention (added by
 * hand or by another tool) follow with the defaults. A file that is not well-formed XML (cut short, a stray close
 * tag, a second root, a repeated or unquoted attribute: readXmlTree lists what it refuses) is refused whole, never
 * imported in part.
 */
export function lexiconFromPls(text: string, fileName: string, newId: () => string): LexiconReadResult {
  let document: { lexicon?: PlsLexicon };
  try {
    document = readXmlTree(text, {
      attributePrefix: '@_',
      lists: ['lexeme', 'grapheme', 'alias', 'phoneme', 'rules:rule'],
    }) as typeof document;
  } catch (error) {
    if (!(error instanceof XmlSyntaxError)) throw error;
    return { ok: false, message: `${fileName}: this is not a well-formed XML file (${error.message}).` };
  }
  if (document.lexicon === undefined) {
    return { ok: false, message: `${fileName}: this is not a PLS lexicon (there is no <lexicon> element).` };
  }
  // An empty <lexicon/> is read as text by the parser: a lexicon without lexemes.
  const lexicon = typeof document.lexicon === 'object' ? document.lexicon : {};
  const skipped: string[] = [];
  // Each usable lexeme's rules, in file order; a lexeme is taken once, by our metadata or after it.
  const groups: LexiconRule[][] = [];
  const groupById = new Map<string, LexiconRule[]>();
  (lexicon.lexeme ?? []).forEach((lexeme, index) => {
    const graphemes = (lexeme.grapheme ?? []).map(textOf).filter((value) => value !== '');
    const aliases = (lexeme.alias ?? []).map(textOf);
    const alias = aliases.find((value) => value !== '');
    if (graphemes.length === 0) {
      skipped.push(`lexeme ${index + 1}: it has no grapheme`);
      return;
    }
    if (alias === undefined) {
      skipped.push(
        aliases.length > 0
          ? `“${graphemes[0]}”: its alias is empty, so there is nothing to send in its place`
          : `“${graphemes[0]}”: only a phoneme (IPA) is given, which cannot be sent as text; add an alias for it`,
      );
      return;
    }
    const rules = graphemes.map((term): LexiconRule => ({
      id: newId(),
      term,
      replacement: alias,
      wholeWord: true,
      caseSensitive: false,
    }));
    groups.push(rules);
    const id = lexeme['@_xml:id'];
    if (id !== undefined && !groupById.has(id)) groupById.set(id, rules);
  });
  const ordered: LexiconRule[] = [];
  const taken = new Set<LexiconRule[]>();
  for (const entry of ourRuleEntries(lexicon)) {
    const options = {
      wholeWord: entry['@_whole-word'] !== 'no',
      caseSensitive: entry['@_case-sensitive'] === 'yes',
      ...(entry['@_language'] === undefined ? {} : { language: entry['@_language'] }),
      ...(entry['@_voice'] === undefined ? {} : { voiceId: entry['@_voice'] }),
    };
    if (entry['@_says-nothing'] === 'yes' && entry['@_term'] !== undefined) {
      ordered.push({ id: newId(), term: entry['@_term'], replacement: '', ...options });
      continue;
    }
    const linked = entry['@_lexeme'] === undefined ? undefined : groupById.get(entry['@_lexeme']);
    if (linked === undefined || taken.has(linked)) continue;
    taken.add(linked);
    ordered.push(...linked.map((rule) => ({ ...rule, ...options })));
  }
  const rest = groups.filter((group) => !taken.has(group)).flat();
  return checked([...ordered, ...rest], skipped, fileName);
}

interface PlsLexeme {
  '@_xml:id'?: string;
  grapheme?: (string | { '#text'?: string })[];
  alias?: (string | { '#text'?: string })[];
}

/** One rule's options as lexiconToPls records them in the lexicon's metadata. */
interface PlsRuleEntry {
  '@_lexeme'?: string;
  '@_term'?: string;
  '@_says-nothing'?: string;
  '@_whole-word'?: string;
  '@_case-sensitive'?: string;
  '@_language'?: string;
  '@_voice'?: string;
}

interface PlsLexicon {
  lexeme?: PlsLexeme[];
  metadata?: { 'rules:rules'?: { '@_xmlns:rules'?: string; 'rules:rule'?: PlsRuleEntry[] } };
}

/** Our metadata's entries, only when they are in our namespace (another tool's "rules:" prefix is not ours). */
function ourRuleEntries(lexicon: PlsLexicon): PlsRuleEntry[] {
  const block = lexicon.metadata?.['rules:rules'];
  if (block === undefined || block['@_xmlns:rules'] !== RULES_NAMESPACE) return [];
  return block['rules:rule'] ?? [];
}

function textOf(value: string | { '#text'?: string }): string {
  if (typeof value === 'object') return (value['#text'] ?? '').trim();
  return value.trim();
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
