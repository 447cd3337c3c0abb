import { describe, expect, it } from 'vitest';
import { validateTaskRequest } from './task-request.js';

const block = { type: 'text', voiceId: '0d6f3c1e-2b4a-4c8d-9e7f-1a2b3c4d5e6f', text: 'Hello.' };
const rules = (body: unknown) => validateTaskRequest(body).map((v) => `${v.path}:${v.rule}`);

describe('validateTaskRequest', () => {
  it('accepts each of the three shapes with the optional flags', () => {
    expect(rules({ contents: [block], srt: true, sync: false })).toEqual([]);
    expect(rules({ text: 'One. Two.', splitter: { maxLength: 200 } })).toEqual([]);
    expect(rules({ text: 'One. Two.', splitterId: 'sp-1', srt: false })).toEqual([]);
  });

  it('reports mixed shapes the way the service would (VALIDATION_CONFLICT), naming the fields', () => {
    const [violation] = validateTaskRequest({ contents: [block], text: 'x', splitter: {} });
    expect(violation?.rule).toBe('shape-conflict');
    expect(violation?.message).toContain('"text" and "splitter"');
    expect(rules({ text: 'x', splitter: {}, splitterId: 's' })).toEqual(['splitterId:splitter-conflict']);
  });

  it('reports a missing or incomplete shape', () => {
    expect(rules({})).toEqual(['contents:shape-missing']);
    expect(rules({ text: 'hello' })).toEqual(['splitter:shape-incomplete']);
    expect(rules({ splitterId: 'sp' })).toEqual(['text:shape-incomplete']);
    expect(rules({ text: ' ', splitterId: '' })).toEqual(['text:not-empty', 'splitterId:not-empty']);
    expect(rules({ text: 'a', splitter: 'sentences' })).toEqual(['splitter:wrong-type']);
  });

  it('requires a non-empty list of blocks and validates every block with its index', () => {
    expect(rules({ contents: [] })).toEqual(['contents:not-empty']);
    expect(rules({ contents: block })).toEqual(['contents:wrong-type']);
    expect(rules({ contents: [block, { ...block, language: 'xx' }, { type: 'sfx' }] })).toEqual([
      'contents[1].language:not-in-list',
      'contents[2].text:required',
    ]);
  });

  it('passes the service origin down to audio URL checks', () => {
    const body = { contents: [{ type: 'audio', audio: 'https://other.example/a.mp3' }] };
    expect(validateTaskRequest(body, { serviceOrigin: 'https://svc.example' })[0]?.rule).toBe(
      'not-platform-url',
    );
  });

  it('rejects non-boolean flags and unknown top-level fields such as a misspelt sync', () => {
    expect(rules({ contents: [block], sync: 'true' })).toEqual(['sync:wrong-type']);
    expect(rules({ contents: [block], synk: true })).toEqual(['synk:unknown-field']);
    expect(rules(null)).toEqual([':wrong-type']);
    expect(rules([block])).toEqual([':wrong-type']);
  });
});
