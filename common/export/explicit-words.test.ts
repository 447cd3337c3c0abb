import { describe, expect, it } from 'vitest';
import { applyRetailProfile } from './apply-retail-profile.js';
import {
  DEFAULT_EXPLICIT_WORDS,
  explicitWordWarnings,
  parseExplicitWords,
  withExplicitWords,
} from './explicit-words.js';
import { defaultProjectExportSettings } from './project-export-settings.js';
import { retailProfile } from './retail-profiles.js';

describe('explicitWordWarnings', () => {
  it('names each listed word found as a whole word, whatever its case, with its block', () => {
    const passages = [
      { blockId: 'a', blockNumber: 3, text: 'The pilot climbed into the cockpit.' },
      { blockId: 'b', blockNumber: 12, text: 'Oh, Shit! she said. Damn it.' },
    ];
    expect(explicitWordWarnings(passages, ['cock', 'shit', 'damn'])).toEqual([
      'Sample contains “Shit” in block 12.',
      'Sample contains “Damn” in block 12.',
    ]);
  });

  it('matches a phrase across any spacing and words with accents as whole words', () => {
    const passages = [{ blockId: 'a', blockNumber: 1, text: 'Ein Scheißkerl, der Scheiß  Kerl.' }];
    expect(explicitWordWarnings(passages, ['scheiß kerl', 'scheiß'])).toEqual([
      'Sample contains “Scheiß  Kerl” in block 1.',
      'Sample contains “Scheiß” in block 1.',
    ]);
  });

  it('finds nothing in clean text with the default list', () => {
    const passages = [{ blockId: 'a', blockNumber: 1, text: 'Scunthorpe’s dickens of a cocktail party.' }];
    expect(explicitWordWarnings(passages, DEFAULT_EXPLICIT_WORDS)).toEqual([]);
  });
});

describe('parseExplicitWords', () => {
  it('reads one word a line or comma-separated, trimmed, lower-cased, without repeats', () => {
    expect(parseExplicitWords('Damn\n  hell , damn\n\nbloody  hell')).toEqual({
      ok: true,
      words: ['damn', 'hell', 'bloody hell'],
    });
  });

  it('refuses a word over 60 characters, naming it', () => {
    const result = parseExplicitWords(`ok\n${'x'.repeat(61)}`);
    expect(result).toEqual({ ok: false, problem: expect.stringContaining('longer than 60 characters') });
  });
});

describe('withExplicitWords', () => {
  it('gives a retailer delivery’s sample the user’s list, keeping where the sample was placed', () => {
    const { settings } = applyRetailProfile(defaultProjectExportSettings, retailProfile('acx'));
    expect(withExplicitWords(settings, ['damn']).retailSample).toEqual({ explicitWords: ['damn'] });
    const placed = { ...settings, retailSample: { lengthSeconds: 90 } };
    expect(withExplicitWords(placed, ['damn']).retailSample).toEqual({
      lengthSeconds: 90,
      explicitWords: ['damn'],
    });
  });

  it('leaves an export without a profile as it is', () => {
    expect(withExplicitWords(defaultProjectExportSettings, ['damn'])).toBe(defaultProjectExportSettings);
  });
});
