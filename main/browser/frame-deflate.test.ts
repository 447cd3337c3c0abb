import { inflateRawSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { DEFLATE_FROM_BYTES, frameOf } from './frame-deflate.js';

vi.mock('node:zlib', async (importOriginal) => {
  const original = await importOriginal<typeof zlib>();
  return { ...original, deflateRaw: vi.fn(original.deflateRaw) };
});

/** JSON text of about `length` bytes that compresses like a book: words in no fixed order, and hex hashes. */
function bookJson(length: number, seed: number): string {
  const words = 'the keeper of a lighthouse wrote each night about ships storms gulls and grey sea'.split(
    ' ',
  );
  const blocks: { text: string; hash: string }[] = [];
  let state = seed;
  const next = (): number => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648);
  let size = 0;
  while (size < length) {
    const text = Array.from({ length: 25 }, () => words[next() % words.length]).join(' ');
    const hash = Array.from({ length: 64 }, () => (next() % 16).toString(16)).join('');
    blocks.push({ text, hash });
    size += text.length + hash.length + 24;
  }
  return JSON.stringify(blocks);
}

const joined = (pieces: readonly Buffer[]): string => Buffer.concat(pieces).toString();

describe('frameOf', () => {
  it('sends a short frame as its text, as it is', async () => {
    const pieces = [Buffer.from('{"type":"response","id":1,"response":'), Buffer.from('{"ok":true}}')];
    const frame = await frameOf(pieces);
    expect(frame.binary).toBe(false);
    expect(frame.data.toString()).toBe(joined(pieces));
    const single = Buffer.from('{"type":"event"}');
    expect((await frameOf([single])).data).toBe(single);
  });

  it('compresses a long frame into one raw DEFLATE stream of all its pieces, read back by zlib and by the browser API', async () => {
    const project = Buffer.from(bookJson(DEFLATE_FROM_BYTES * 2, 7));
    const pieces = [
      Buffer.from('{"type":"response","id":9,"response":{"ok":true,"result":{"project":'),
      project,
      Buffer.from(',"revision":3}}}'),
    ];
    const frame = await frameOf(pieces);
    expect(frame.binary).toBe(true);
    expect(frame.data.length).toBeLessThan(project.length / 2);
    expect(inflateRawSync(frame.data).toString()).toBe(joined(pieces));
    // What the page runs (renderer/bridge/frame-reader.ts): the stream API, not zlib.
    const inflated = new Blob([frame.data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    const text = await new Response(inflated).text();
    expect(JSON.parse(text)).toMatchObject({
      type: 'response',
      id: 9,
      response: { result: { revision: 3 } },
    });
  });

  it('compresses a kept piece (an opened project) once for every frame that carries it', async () => {
    const project = Buffer.from(bookJson(DEFLATE_FROM_BYTES * 1.5, 11));
    const framed = (id: number) => [
      Buffer.from(`{"type":"response","id":${id},"project":`),
      project,
      Buffer.from('}'),
    ];
    const deflateRaw = vi.mocked(zlib.deflateRaw);
    deflateRaw.mockClear();
    const first = await frameOf(framed(1));
    const second = await frameOf(framed(2));
    expect([first.binary, second.binary]).toEqual([true, true]);
    expect(JSON.parse(inflateRawSync(first.data).toString())).toMatchObject({ id: 1 });
    expect(JSON.parse(inflateRawSync(second.data).toString())).toMatchObject({ id: 2 });
    const projectCompressions = deflateRaw.mock.calls.filter(([input]) => input === project);
    expect(projectCompressions).toHaveLength(1);
    // Prefix and suffix each time: 2 frames × 2, plus the project once.
    expect(deflateRaw.mock.calls).toHaveLength(5);
  });
});
