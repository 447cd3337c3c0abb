import { describe, expect, it } from 'vitest';
import type { LexiconRule } from '../../common/pronunciation/lexicon-schema.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { serviceRulesOf } from './service-library-store.js';

const SERVICE = 'https://voice.example.com';
const RULE: LexiconRule = {
  id: 'r1',
  term: 'W3C',
  replacement: 'World Wide Web Consortium',
  wholeWord: true,
  caseSensitive: true,
};

function lexiconStore(answers: LexiconRule[][]) {
  const bridge = new FakeBridge({ 'lexicon.get': () => ({ ok: true, result: answers.shift() ?? [] }) });
  return storesFor(bridge).serviceLibrary;
}

describe('service library store: lexicons', () => {
  it('keeps the rule list the editor already used when a loaded lexicon is the same (empty included)', async () => {
    const store = lexiconStore([[], [RULE], [{ ...RULE }]]);
    const before = serviceRulesOf(store.getState(), SERVICE);
    await store.getState().loadLexicon(SERVICE);
    // Same list object: every block's memoised content hash still holds, nothing is rehashed.
    expect(serviceRulesOf(store.getState(), SERVICE)).toBe(before);

    await store.getState().loadLexicon(SERVICE);
    const loaded = serviceRulesOf(store.getState(), SERVICE);
    expect(loaded).toEqual([RULE]);
    expect(loaded).not.toBe(before);

    await store.getState().loadLexicon(SERVICE);
    expect(serviceRulesOf(store.getState(), SERVICE)).toBe(loaded);
  });
});
