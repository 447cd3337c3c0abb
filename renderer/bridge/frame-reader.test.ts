import { describe, expect, it } from 'vitest';
import { createFrameReader } from './frame-reader.js';
import { inflateToText } from './inflate-text.js';

/**
 * A binary frame as the shell sends it: the JSON's UTF-8 in raw DEFLATE, as an ArrayBuffer (made here with the
 * web API; main's zlib output is read back by the same API in main/browser/frame-deflate.test.ts).
 */
function compressed(json: string): Promise<ArrayBuffer> {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer();
}

describe('createFrameReader', () => {
  it('reads a text frame at once, within the message event', () => {
    const read: string[] = [];
    const onMessage = createFrameReader(
      (json) => read.push(json),
      () => undefined,
      inflateToText,
    );
    onMessage('{"type":"event"}');
    expect(read).toEqual(['{"type":"event"}']);
  });

  it('inflates a compressed frame, text beyond ASCII included', async () => {
    const read: unknown[] = [];
    const onMessage = createFrameReader(
      (json) => read.push(JSON.parse(json)),
      () => undefined,
      inflateToText,
    );
    const project = {
      title: 'Le phare — “keeper”',
      blocks: Array.from({ length: 2000 }, (_, i) => `block ${i}`),
    };
    onMessage(await compressed(JSON.stringify({ type: 'response', id: 4, response: project })));
    await expect.poll(() => read).toEqual([{ type: 'response', id: 4, response: project }]);
  });

  it('keeps arrival order: a text frame waits for the compressed one before it', async () => {
    const read: string[] = [];
    const onMessage = createFrameReader(
      (json) => read.push((JSON.parse(json) as { id: string }).id),
      () => undefined,
      inflateToText,
    );
    const answer = await compressed(JSON.stringify({ id: 'answer', filler: 'x'.repeat(500_000) }));
    const secondAnswer = await compressed('{"id":"second answer"}');
    onMessage(answer);
    onMessage('{"id":"event"}');
    onMessage(secondAnswer);
    expect(read).toEqual([]);
    await expect.poll(() => read).toEqual(['answer', 'event', 'second answer']);
    // Nothing left inflating: text is read at once again.
    onMessage('{"id":"later"}');
    expect(read.at(-1)).toBe('later');
  });

  it('reports a frame it cannot read and goes on with the next', async () => {
    const read: string[] = [];
    const problems: unknown[] = [];
    const onMessage = createFrameReader(
      (json) => read.push(json),
      (error) => problems.push(error),
      inflateToText,
    );
    onMessage(new Uint8Array([1, 2, 3, 4]).buffer);
    onMessage('{"after":true}');
    await expect.poll(() => read).toEqual(['{"after":true}']);
    expect(problems).toHaveLength(1);
  });
});
