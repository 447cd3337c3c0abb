import { describe, expect, it } from 'vitest';
import { createMusicBlock, createTextBlock } from '../project/block-factory.js';
import { characterCount } from '../project/project-stats.js';
import { blocksSinceSent, jobTexts, mayChargeTwice, sentTexts } from './job-texts.js';

const VOICE = '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f';

describe('sentTexts and jobTexts', () => {
  it('count every text a task sent as the studio estimates a block: code points, sounds included', () => {
    const texts = sentTexts({
      contents: [
        { type: 'text', voiceId: VOICE, text: 'Hello 👋' },
        { type: 'music', text: 'soft piano' },
        { type: 'audio', audio: 'http://127.0.0.1:8787/files/a.mp3' },
      ],
    });
    expect(texts).toEqual([
      { type: 'text', text: 'Hello 👋' },
      { type: 'music', text: 'soft piano' },
    ]);
    // The same count the editor shows for these blocks (project-stats.ts).
    const estimate =
      characterCount(createTextBlock({ text: 'Hello 👋' })) +
      characterCount(createMusicBlock({ text: 'soft piano' }));
    expect(jobTexts(texts)).toEqual({ texts, characters: estimate, credits: estimate });
    expect(estimate).toBe(17);
  });

  it('take a task sent as one text whole', () => {
    expect(sentTexts({ text: 'One long text.', splitterId: 's-1' })).toEqual([
      { type: 'text', text: 'One long text.' },
    ]);
  });
});

describe('mayChargeTwice', () => {
  it('holds for an unknown outcome, a stuck job, and a cancel of an unknown outcome; not for a plain failure', () => {
    expect(mayChargeTwice({ status: 'unknown-outcome' })).toBe(true);
    expect(mayChargeTwice({ status: 'stuck' })).toBe(true);
    expect(mayChargeTwice({ status: 'cancelled', outcomeUnknownAt: '2026-11-24T05:00:00.000Z' })).toBe(true);
    expect(mayChargeTwice({ status: 'cancelled' })).toBe(false);
    expect(mayChargeTwice({ status: 'failed' })).toBe(false);
  });
});

describe('blocksSinceSent', () => {
  const job = { projectId: 'p', blockIds: ['a', 'b', 'c'], sentHashes: ['ha', 'hb', 'hc'] };
  const open = (hashes: Record<string, string>) => ({
    projectId: 'p',
    hashOf: (blockId: string) => hashes[blockId],
  });

  it('counts the blocks edited or deleted since the task sent them', () => {
    expect(blocksSinceSent(job, open({ a: 'ha', b: 'hb', c: 'hc' }))).toEqual({ changed: 0, total: 3 });
    // b was edited, c deleted.
    expect(blocksSinceSent(job, open({ a: 'ha', b: 'hb2' }))).toEqual({ changed: 2, total: 3 });
  });

  it('cannot tell for another project, or a job that does not say what it sent', () => {
    expect(blocksSinceSent(job, { ...open({}), projectId: 'q' })).toBeUndefined();
    expect(blocksSinceSent({ projectId: 'p', blockIds: ['a'] }, open({ a: 'ha' }))).toBeUndefined();
  });
});
