import { asciiFrame } from './ascii-frame.js';

/**
 * The bytes of each opened project's packed form (project-wire.ts), kept with it: that object is the same for
 * every open of the same version (main reuses the project while its file is unchanged), and reopening a
 * 10,000-block audiobook serialised and escaped the same 4 MB again, ~40–60 ms of main's answer.
 */
const packedProjectBytes = new WeakMap<object, Buffer>();

/**
 * The bytes of the JSON frame answering request `id` with `response` (ascii-frame.ts), in pieces: an opened
 * project's bytes are one of them, the same Buffer for every answer with that version (frame-deflate.ts then
 * compresses them once too).
 */
export function answerPieces(id: number, response: unknown): Buffer[] {
  const packed = packedProjectOf(response);
  if (packed === undefined) return [asciiFrame(JSON.stringify({ type: 'response', id, response }))];
  let projectBytes = packedProjectBytes.get(packed.project);
  if (projectBytes === undefined) {
    projectBytes = asciiFrame(JSON.stringify(packed.project));
    packedProjectBytes.set(packed.project, projectBytes);
  }
  // The same JSON as stringifying the whole answer, with the project's kept bytes first in its result.
  const others = JSON.stringify({ ...packed.result, project: undefined });
  return [
    asciiFrame(`{"type":"response","id":${id},"response":{"ok":true,"result":{"project":`),
    projectBytes,
    asciiFrame(others === '{}' ? '}}}' : `,${others.slice(1)}}}`),
  ];
}

/** A successful answer `{ ok, result }` whose result holds a packed project, as opening one answers. */
function packedProjectOf(response: unknown): { result: object; project: object } | undefined {
  if (typeof response !== 'object' || response === null || Object.keys(response).length !== 2)
    return undefined;
  const { ok, result } = response as { ok?: unknown; result?: unknown };
  if (ok !== true || typeof result !== 'object' || result === null) return undefined;
  const project = (result as { project?: unknown }).project;
  if (typeof project !== 'object' || project === null) return undefined;
  return (project as { packed?: unknown }).packed === 1 ? { result, project } : undefined;
}
