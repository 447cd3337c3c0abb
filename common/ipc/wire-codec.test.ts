import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../project/block-factory.js';
import { decodeResult, encodeResult } from './wire-codec.js';

const project = (() => {
  const base = createProject({ title: 'Codec' });
  return { ...base, tracks: { ...base.tracks, speech: { blocks: [createTextBlock({ text: 'One.' })] } } };
})();

/** As the page receives it: through JSON. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('wire codec', () => {
  it('sends an opened project packed and gives the page the project itself', () => {
    for (const method of ['projects.open', 'projects.openPath']) {
      const result = { ok: true, fileName: 'codec.timbre', project, revision: 3 };
      const sent = overTheWire(encodeResult(method, result));
      expect(sent).toMatchObject({ ok: true, fileName: 'codec.timbre', revision: 3, project: { packed: 1 } });
      expect(decodeResult(method, sent)).toEqual(overTheWire(result));
    }
  });

  it('leaves other answers, and a project that did not open, as they are', () => {
    const created = { fileName: 'codec.timbre', project };
    expect(encodeResult('projects.create', created)).toBe(created);
    expect(decodeResult('projects.create', created)).toBe(created);
    const failed = { ok: false, fileName: 'x.timbre', problem: 'missing', message: 'Gone.' };
    expect(encodeResult('projects.open', failed)).toBe(failed);
    expect(decodeResult('projects.open', failed)).toBe(failed);
  });
});
