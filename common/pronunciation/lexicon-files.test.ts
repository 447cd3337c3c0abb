import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { lexiconFromCsv, lexiconFromPls, lexiconToCsv, lexiconToPls } from './lexicon-files.js';
import type { LexiconRule } from './lexicon-schema.js';

function ids(): () => string {
  let next = 0;
  return () => `rule-${++next}`;
}

const RULES: LexiconRule[] = [
  { id: 'a', term: 'Nguyen', replacement: 'Win', wholeWord: true, caseSensitive: false },
  { id: 'b', term: 'W3C', replacement: 'World Wide Web Consortium', wholeWord: true, caseSensitive: true },
  {
    id: 'c',
    term: 'Paris, "city"',
    replacement: 'Pa-ree',
    wholeWord: false,
    caseSensitive: false,
    language: 'fr',
  },
];

describe('lexicon files', () => {
  it('round-trips CSV, quoting commas and quotes', () => {
    const csv = lexiconToCsv(RULES);
    expect(csv.split('\r\n')[0]).toBe('term,replacement,whole_word,case_sensitive,language,voice_id');
    const read = lexiconFromCsv(csv, 'names.csv', ids());
    expect(read.ok && read.rules.map(({ id: _id, ...rule }) => rule)).toEqual(
      RULES.map(({ id: _id, ...rule }) => rule),
    );
  });

  it('reads a spreadsheet CSV with only term and replacement, defaulting to whole words in any case', () => {
    const read = lexiconFromCsv('Term,Replacement\nSQL,sequel\n,empty\n', 'terms.csv', ids());
    expect(read).toEqual({
      ok: true,
      rules: [{ id: 'rule-1', term: 'SQL', replacement: 'sequel', wholeWord: true, caseSensitive: false }],
      skipped: ['row 3: the term is empty'],
    });
  });

  it('refuses a CSV without the columns it needs, naming the file', () => {
    expect(lexiconFromCsv('word,sound\nSQL,sequel', 'bad.csv', ids())).toEqual({
      ok: false,
      message:
        'bad.csv: the first row must name the columns, with at least "term" and "replacement" (found word, sound).',
    });
  });

  it('writes PLS 1.0 alias entries that a PLS reader gets back', () => {
    const pls = lexiconToPls(RULES.slice(0, 2));
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(pls) as {
      lexicon: { '@_version': string; lexeme: { grapheme: string; alias: string }[] };
    };
    expect(parsed.lexicon['@_version']).toBe('1.0');
    expect(parsed.lexicon.lexeme).toEqual([
      { grapheme: 'Nguyen', alias: 'Win' },
      { grapheme: 'W3C', alias: 'World Wide Web Consortium' },
    ]);
    const read = lexiconFromPls(pls, 'out.pls', ids());
    expect(read.ok && read.rules.map((rule) => [rule.term, rule.replacement])).toEqual([
      ['Nguyen', 'Win'],
      ['W3C', 'World Wide Web Consortium'],
    ]);
  });

  it('reads every grapheme of a lexeme and reports phoneme-only entries it cannot use', () => {
    const pls = `<?xml version="1.0"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-GB">
  <lexeme><grapheme>colour</grapheme><grapheme>color</grapheme><alias>kuller</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme>təˈmɑːtəʊ</phoneme></lexeme>
</lexicon>`;
    const read = lexiconFromPls(pls, 'uk.pls', ids());
    expect(read.ok && read.rules.map((rule) => rule.term)).toEqual(['colour', 'color']);
    expect(read.ok && read.skipped[0]).toMatch(/“tomato”: only a phoneme/u);
  });

  it('refuses a file that is not a PLS lexicon, naming the file and the problem', () => {
    expect(lexiconFromPls('<lexicon><lexeme>', 'broken.pls', ids())).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^broken\.pls: this is not a well-formed XML file/u),
    });
    expect(lexiconFromPls('<html></html>', 'page.pls', ids())).toEqual({
      ok: false,
      message: 'page.pls: this is not a PLS lexicon (there is no <lexicon> element).',
    });
  });
});
