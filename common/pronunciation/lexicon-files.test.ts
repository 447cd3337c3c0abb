import { describe, expect, it } from 'vitest';
import { lexiconFromCsv, lexiconFromPls, lexiconToCsv, lexiconToPls } from './lexicon-files.js';
import type { LexiconRule } from './lexicon-schema.js';
import { readXmlTree } from '../xml/xml-tree.js';

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
    const parsed = readXmlTree(pls, { attributePrefix: '@_' }) as {
      lexicon: { '@_version': string; lexeme: { grapheme: string; alias: string }[] };
    };
    expect(parsed.lexicon['@_version']).toBe('1.0');
    expect(parsed.lexicon.lexeme).toEqual([
      { '@_xml:id': 'rule-1', grapheme: 'Nguyen', alias: 'Win' },
      { '@_xml:id': 'rule-2', grapheme: 'W3C', alias: 'World Wide Web Consortium' },
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

  it('keeps terms and aliases as text: numbers, hex and exponents are not converted', () => {
    const pls = `<?xml version="1.0"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-GB">
  <lexeme><grapheme>007</grapheme><alias>double-oh seven</alias></lexeme>
  <lexeme><grapheme>3.10</grapheme><alias>three point ten</alias></lexeme>
  <lexeme><grapheme>1e3</grapheme><alias>one e three</alias></lexeme>
  <lexeme><grapheme>0x1F</grapheme><alias>hex one F</alias></lexeme>
  <lexeme><grapheme>true</grapheme><alias>0012</alias></lexeme>
</lexicon>`;
    const read = lexiconFromPls(pls, 'numbers.pls', ids());
    expect(read.ok && read.rules.map((rule) => [rule.term, rule.replacement])).toEqual([
      ['007', 'double-oh seven'],
      ['3.10', 'three point ten'],
      ['1e3', 'one e three'],
      ['0x1F', 'hex one F'],
      ['true', '0012'],
    ]);
  });

  it('skips a lexeme whose alias is empty, saying so rather than blaming a phoneme', () => {
    const pls = `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" xml:lang="en">
  <lexeme><grapheme>um</grapheme><alias></alias></lexeme>
  <lexeme><grapheme>er</grapheme><alias/></lexeme>
</lexicon>`;
    expect(lexiconFromPls(pls, 'fillers.pls', ids())).toEqual({
      ok: true,
      rules: [],
      skipped: [
        '“um”: its alias is empty, so there is nothing to send in its place',
        '“er”: its alias is empty, so there is nothing to send in its place',
      ],
    });
  });

  it('gives the lexicon a language only when every rule has it', () => {
    const lexiconLanguage = (pls: string): string =>
      (readXmlTree(pls, { attributePrefix: '@_' }) as { lexicon: { '@_xml:lang': string } }).lexicon[
        '@_xml:lang'
      ];
    const englishOnly = { ...RULES[0]!, language: 'en' };
    expect(lexiconLanguage(lexiconToPls([englishOnly, RULES[1]!], 'de'))).toBe('de');
    expect(lexiconLanguage(lexiconToPls([englishOnly, { ...RULES[1]!, language: 'en' }], 'de'))).toBe('en');
    expect(lexiconLanguage(lexiconToPls([], 'fr'))).toBe('fr');
  });

  it('writes a rule that says nothing without an empty <alias>', () => {
    const pls = lexiconToPls([
      { id: 'x', term: 'um', replacement: '', wholeWord: true, caseSensitive: false },
    ]);
    expect(pls).not.toMatch(/<alias>\s*<\/alias>|<alias\s*\/>/u);
    expect(pls).not.toMatch(/<lexeme/u);
  });

  it('round-trips a 19-rule lexicon through PLS without changing any rule or its order', () => {
    const rules: LexiconRule[] = [
      { id: '1', term: '007', replacement: 'double-oh seven', wholeWord: true, caseSensitive: false },
      { id: '2', term: '3.10', replacement: 'three point ten', wholeWord: true, caseSensitive: false },
      { id: '3', term: '1e3', replacement: 'one thousand', wholeWord: true, caseSensitive: false },
      { id: '4', term: '0x1F', replacement: 'thirty-one', wholeWord: true, caseSensitive: true },
      { id: '5', term: 'um', replacement: '', wholeWord: true, caseSensitive: false },
      {
        id: '6',
        term: 'colour',
        replacement: 'kuller',
        wholeWord: true,
        caseSensitive: false,
        language: 'en',
      },
      { id: '7', term: 'Nguyễn', replacement: 'Win', wholeWord: true, caseSensitive: false },
      { id: '8', term: 'AT&T', replacement: 'A T and T', wholeWord: true, caseSensitive: true },
      { id: '9', term: 'a < b', replacement: 'a is less than b', wholeWord: false, caseSensitive: false },
      { id: '10', term: 'C++', replacement: 'C plus plus', wholeWord: true, caseSensitive: true },
      { id: '11', term: 'true', replacement: 'false', wholeWord: true, caseSensitive: false },
      { id: '12', term: 'null', replacement: '0', wholeWord: true, caseSensitive: false },
      { id: '13', term: '-0', replacement: 'minus zero', wholeWord: false, caseSensitive: false },
      {
        id: '14',
        term: 'Mei',
        replacement: 'May',
        wholeWord: true,
        caseSensitive: false,
        voiceId: 'voice-7',
      },
      { id: '15', term: 'read', replacement: 'red', wholeWord: true, caseSensitive: false, language: 'en' },
      { id: '16', term: 'read', replacement: 'reed', wholeWord: true, caseSensitive: false },
      {
        id: '17',
        term: '"quoted" \'term\'',
        replacement: 'quoted term',
        wholeWord: false,
        caseSensitive: false,
      },
      {
        id: '18',
        term: 'Paris',
        replacement: 'Pa-ree',
        wholeWord: true,
        caseSensitive: false,
        language: 'fr',
      },
      { id: '19', term: '1.50', replacement: 'one fifty', wholeWord: true, caseSensitive: false },
    ];
    const pls = lexiconToPls(rules, 'en-US');
    const read = lexiconFromPls(pls, 'round-trip.pls', ids());
    expect(read.ok && read.skipped).toEqual([]);
    expect(read.ok && read.rules.map(({ id: _id, ...rule }) => rule)).toEqual(
      rules.map(({ id: _id, ...rule }) => rule),
    );
  });
});
