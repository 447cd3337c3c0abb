import type { LexiconRule } from './lexicon-schema.js';

/** Who a block's text is sent as: rules scoped to another language or voice leave it alone. */
export interface LexiconScope {
  language: string;
  voiceId: string | null;
}

/** Rules whose scope covers the block, with one pattern that finds all their terms at once. */
interface CompiledLexicon {
  pattern: RegExp | null;
  rules: readonly LexiconRule[];
}

/**
 * The text with the lexicon applied. Rules are tried in order (the caller puts the project's before the
 * service's); the text is read once from the start, and at each place the first rule whose term matches there
 * wins. Replaced text is never matched again, so one rule's respelling cannot trigger another's.
 */
export function applyLexicon(text: string, rules: readonly LexiconRule[], scope: LexiconScope): string {
  if (rules.length === 0 || text === '') return text;
  const compiled = compile(rules, scope);
  if (compiled.pattern === null) return text;
  compiled.pattern.lastIndex = 0;
  return text.replace(compiled.pattern, (...args: unknown[]) => {
    // args: the match, one capture per rule, then offset, whole string (and groups when named).
    for (let group = 0; group < compiled.rules.length; group++) {
      if (args[group + 1] !== undefined) return compiled.rules[group]!.replacement;
    }
    return String(args[0]);
  });
}

/** True when the rule applies to blocks sent in this language by this voice. */
function ruleInScope(rule: LexiconRule, scope: LexiconScope): boolean {
  if (rule.language !== undefined && rule.language !== scope.language) return false;
  if (rule.voiceId !== undefined && rule.voiceId !== scope.voiceId) return false;
  return true;
}

const compiledByRules = new WeakMap<readonly LexiconRule[], Map<string, CompiledLexicon>>();

function compile(rules: readonly LexiconRule[], scope: LexiconScope): CompiledLexicon {
  let byScope = compiledByRules.get(rules);
  if (byScope === undefined) {
    byScope = new Map();
    compiledByRules.set(rules, byScope);
  }
  const key = `${scope.language}\u0000${scope.voiceId ?? ''}`;
  const cached = byScope.get(key);
  if (cached !== undefined) return cached;
  const inScope = rules.filter((rule) => ruleInScope(rule, scope) && rule.term.length > 0);
  const compiled: CompiledLexicon = {
    rules: inScope,
    pattern:
      inScope.length === 0
        ? null
        : new RegExp(inScope.map((rule) => `(${termPattern(rule)})`).join('|'), 'gu'),
  };
  byScope.set(key, compiled);
  return compiled;
}

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;
const NOT_AFTER_WORD = '(?<![\\p{L}\\p{N}_])';
const NOT_BEFORE_WORD = '(?![\\p{L}\\p{N}_])';

function termPattern(rule: LexiconRule): string {
  const characters = [...rule.term];
  const body = characters.map((character) => characterPattern(character, rule.caseSensitive)).join('');
  if (!rule.wholeWord) return body;
  // A boundary only where the term itself has a word character: "C++" as a whole word ends at its "+".
  const start = WORD_CHARACTER.test(characters[0] ?? '') ? NOT_AFTER_WORD : '';
  const end = WORD_CHARACTER.test(characters[characters.length - 1] ?? '') ? NOT_BEFORE_WORD : '';
  return `${start}${body}${end}`;
}

function characterPattern(character: string, caseSensitive: boolean): string {
  const escaped = escapeCharacter(character);
  if (caseSensitive) return escaped;
  const lower = character.toLowerCase();
  const upper = character.toUpperCase();
  // Only single-character case pairs can sit in a class ("ß" upper-cases to "SS" and stays as written).
  if (lower === upper || [...lower].length !== 1 || [...upper].length !== 1) return escaped;
  return `[${escapeCharacter(lower)}${escapeCharacter(upper)}]`;
}

function escapeCharacter(character: string): string {
  return /[\\^$.*+?()[\]{}|/-]/u.test(character) ? `\\${character}` : character;
}
