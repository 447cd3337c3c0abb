import { describe, expect, it } from 'vitest';
import { lexiconFromPls, lexiconToPls } from './lexicon-files.js';
import type { LexiconRule } from './lexicon-schema.js';

function ids(): () => string {
  let next = 0;
  return () => `rule-${++next}`;
}

const RULES: LexiconRule[] = ['ACDC', 'W3C', 'SQL'].map((term, index) => ({
  id: `r${index}`,
  term,
  replacement: `${term.split('').join(' ')} ${index}/`,
  wholeWord: true,
  caseSensitive: false,
}));

const LEXEME = '<lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme>';

function refusal(text: string): string | undefined {
  const read = lexiconFromPls(text, 'names.pls', ids());
  return read.ok ? undefined : read.message;
}

describe('malformed PLS lexicons', () => {
  it('refuses a lexicon cut short at any place, rather than importing the rules before the cut', () => {
    const pls = lexiconToPls(RULES);
    expect(lexiconFromPls(pls, 'names.pls', ids())).toMatchObject({ ok: true, rules: { length: 3 } });
    const accepted: string[] = [];
    for (let length = 0; length < pls.trimEnd().length; length += 1) {
      if (refusal(pls.slice(0, length)) === undefined) accepted.push(pls.slice(length - 30, length));
    }
    expect(accepted).toEqual([]);
  });

  it('refuses a lexicon cut just after a slash or an opening close tag, naming the open element', () => {
    const pls = lexiconToPls(RULES);
    const afterSlash = pls.indexOf('0/') + 2;
    expect(refusal(pls.slice(0, afterSlash))).toBe(
      'names.pls: this is not a well-formed XML file (<alias> is not closed).',
    );
    expect(refusal(pls.slice(0, pls.indexOf('</alias>') + 2))).toMatch(/is not closed\)\.$/u);
    expect(refusal('<lexicon>x/')).toBe(
      'names.pls: this is not a well-formed XML file (<lexicon> is not closed).',
    );
  });

  it('refuses markup outside the one root element, and close tags that close nothing', () => {
    const cases: [string, string][] = [
      [
        `<lexicon>${LEXEME}</lexicon><lexicon>${LEXEME}</lexicon>`,
        '<lexicon> is a second root element; the file must have one',
      ],
      [`<lexicon>${LEXEME}</lexicon>${LEXEME}`, '<lexeme> is a second root element; the file must have one'],
      [`junk<lexicon>${LEXEME}</lexicon>`, 'the text “junk” is outside the root element'],
      [`<lexicon>${LEXEME}</lexicon>junk`, 'the text “junk” is outside the root element'],
      [`<lexicon>${LEXEME}</alias></lexicon>`, '</alias> closes no open element'],
      [`<lexicon>${LEXEME}</lexicon></x>`, '</x> closes no open element'],
    ];
    for (const [text, fault] of cases) {
      expect(refusal(text)).toBe(`names.pls: this is not a well-formed XML file (${fault}).`);
    }
  });

  it('refuses repeated and unquoted attributes, which a PLS reader would read differently', () => {
    expect(refusal(`<lexicon xml:lang="en" xml:lang="fr">${LEXEME}</lexicon>`)).toMatch(
      /\(the attribute xml:lang is repeated\)/u,
    );
    expect(refusal(`<lexicon version=1.0>${LEXEME}</lexicon>`)).toMatch(
      /\(the attribute version has no value in quotes\)/u,
    );
  });

  it('reads no markup out of a DOCTYPE internal subset, whatever its entities hold', () => {
    const pls = `<?xml version="1.0"?>
<!DOCTYPE lexicon [<!ENTITY x "<lexeme><grapheme>A</grapheme><alias>evil</alias></lexeme>">]>
<lexicon version="1.0">&x;${LEXEME}</lexicon>`;
    const read = lexiconFromPls(pls, 'names.pls', ids());
    expect(read.ok && read.rules.map((rule) => [rule.term, rule.replacement])).toEqual([['SQL', 'sequel']]);
  });

  it('still reads, as htmlparser2 does, a bare ampersand and a "<" inside an attribute', () => {
    const read = lexiconFromPls(
      '<lexicon note="a<b"><lexeme><grapheme>R&D</grapheme><alias>R and D</alias></lexeme></lexicon>',
      'names.pls',
      ids(),
    );
    expect(read.ok && read.rules.map((rule) => rule.term)).toEqual(['R&D']);
  });
});
