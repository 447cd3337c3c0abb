import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerPieces } from './answer-frame.js';

const parsed = (pieces: Buffer[]): unknown => JSON.parse(Buffer.concat(pieces).toString());

afterEach(() => {
  vi.restoreAllMocks();
});

describe('answerPieces', () => {
  it('frames any answer as its JSON', () => {
    const response = { ok: false, error: { code: 'NOT_FOUND', message: 'Gone “away”' } };
    expect(parsed(answerPieces(7, response))).toEqual({ type: 'response', id: 7, response });
    const listed = { ok: true, result: [{ fileName: 'a.timbre' }] };
    expect(parsed(answerPieces(8, listed))).toEqual({ type: 'response', id: 8, response: listed });
  });

  it('frames an opened project as the same JSON, and serialises one version of it once', () => {
    const project = { packed: 1, marked: true, project: { title: 'Le phare — “keeper”', tracks: {} } };
    const opened = (revision: number) => ({
      ok: true,
      result: { ok: true, fileName: 'a.timbre', project, revision },
    });
    const stringify = vi.spyOn(JSON, 'stringify');
    const first = answerPieces(1, opened(3));
    const second = answerPieces(2, opened(4));
    expect(parsed(first)).toEqual({ type: 'response', id: 1, response: opened(3) });
    expect(parsed(second)).toEqual({ type: 'response', id: 2, response: opened(4) });
    expect(stringify.mock.calls.filter(([value]) => value === project)).toHaveLength(1);
    // The project's bytes are one piece, the same Buffer in both answers (compressed once when long).
    expect(first[1]).toBe(second[1]);
    // Escaped like every frame: pure ASCII on the wire.
    expect(second.every((piece) => piece.every((byte) => byte < 0x80))).toBe(true);
  });

  it('frames a result that holds only the project', () => {
    const project = { packed: 1, marked: false, project: { title: 'Alone' } };
    const response = { ok: true, result: { project } };
    expect(parsed(answerPieces(3, response))).toEqual({ type: 'response', id: 3, response });
  });
});
