import { describe, expect, it } from 'vitest';
import { applyLexicon } from './lexicon.js';
import type { LexiconRule } from './lexicon-schema.js';
import { lexiconRulesSchema } from './lexicon-schema.js';

let nextId = 0;
function rule(term: string, replacement: string, options: Partial<LexiconRule> = {}): LexiconRule {
  nextId += 1;
  return { id: `r${nextId}`, term, replacement, wholeWord: true, caseSensitive: false, ...options };
}

const EN = { language: 'en', voiceId: 'voice-a' };

describe('applyLexicon', () => {
  it('replaces every occurrence of a term and leaves the rest of the text as written', () => {
    const rules = [rule('Nguyen', 'Win')];
    expect(applyLexicon('Mr Nguyen met Ms Nguyen.', rules, EN)).toBe('Mr Win met Ms Win.');
    expect(applyLexicon('Nothing to change.', rules, EN)).toBe('Nothing to change.');
  });

  it('matches whole words only when asked', () => {
    const whole = [rule('Ra', 'Rah')];
    const part = [rule('Ra', 'Rah', { wholeWord: false })];
    expect(applyLexicon('Ra saw the Rain.', whole, EN)).toBe('Rah saw the Rain.');
    expect(applyLexicon('Ra saw the Rain.', part, EN)).toBe('Rah saw the Rahin.');
    // Letters beyond ASCII count as word characters: "Raé" is another word.
    expect(applyLexicon('Raé and Ra.', whole, EN)).toBe('Raé and Rah.');
  });

  it('keeps a boundary only where the term has a word character', () => {
    expect(applyLexicon('I write C++ daily.', [rule('C++', 'C plus plus')], EN)).toBe(
      'I write C plus plus daily.',
    );
    expect(applyLexicon('a.k.a. Bob', [rule('a.k.a.', 'also known as')], EN)).toBe('also known as Bob');
  });

  it('ignores letter case unless the rule is case-sensitive', () => {
    const anyCase = [rule('nasa', 'NASA')];
    const exact = [rule('US', 'United States', { caseSensitive: true })];
    expect(applyLexicon('Nasa and NASA and nasa', anyCase, EN)).toBe('NASA and NASA and NASA');
    expect(applyLexicon('The US told us.', exact, EN)).toBe('The United States told us.');
    expect(applyLexicon('Émile and émile', [rule('ÉMILE', 'Ay-meel')], EN)).toBe('Ay-meel and Ay-meel');
  });

  it('applies rules in order: at each place the first rule that matches wins', () => {
    const rules = [rule('New York', 'Noo York'), rule('York', 'Yawk'), rule('New', 'Nyoo')];
    expect(applyLexicon('New York, York and New', rules, EN)).toBe('Noo York, Yawk and Nyoo');
    const reversed = [rule('York', 'Yawk'), rule('New', 'Nyoo'), rule('New York', 'Noo York')];
    expect(applyLexicon('New York', reversed, EN)).toBe('Nyoo Yawk');
  });

  it('never matches inside a replacement, so one rule cannot feed another', () => {
    const rules = [rule('SQL', 'sequel'), rule('sequel', 'NOPE')];
    expect(applyLexicon('SQL', rules, EN)).toBe('sequel');
  });

  it('applies a scoped rule only to blocks in its language and voice', () => {
    const rules = [
      rule('Paris', 'Pa-ree', { language: 'fr' }),
      rule('tomato', 'tom-ah-to', { voiceId: 'voice-b' }),
    ];
    expect(applyLexicon('Paris tomato', rules, EN)).toBe('Paris tomato');
    expect(applyLexicon('Paris tomato', rules, { language: 'fr', voiceId: 'voice-a' })).toBe('Pa-ree tomato');
    expect(applyLexicon('Paris tomato', rules, { language: 'en', voiceId: 'voice-b' })).toBe(
      'Paris tom-ah-to',
    );
  });

  it('treats regular-expression characters in a term as plain text, and "$" in a replacement too', () => {
    expect(applyLexicon('cost (USD)', [rule('(USD)', '$1 dollars', { wholeWord: false })], EN)).toBe(
      'cost $1 dollars',
    );
  });
});

describe('lexicon rules', () => {
  it('refuses an empty term and too many rules, naming the rule', () => {
    const empty = lexiconRulesSchema.safeParse([rule('  ', 'x')]);
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]).toMatchObject({ path: [0, 'term'], message: 'must not be empty' });
    const many = Array.from({ length: 5_001 }, (_, index) => rule(`t${index}`, 'x'));
    expect(lexiconRulesSchema.safeParse(many).error?.issues[0]?.message).toBe(
      'must hold at most 5,000 rules',
    );
  });
});
