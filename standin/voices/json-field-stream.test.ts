import { describe, expect, it } from 'vitest';
import { JsonFieldStream, type StringSink } from './json-field-stream.js';

class CollectingSink implements StringSink {
  text = '';
  ended = false;
  async write(piece: string): Promise<void> {
    this.text += piece;
  }
  async end(): Promise<void> {
    this.ended = true;
  }
}

async function parseInChunks(json: string, chunkSize: number, streamed: string[] = ['prompt']) {
  const sinks = new Map<string, CollectingSink>();
  const parser = new JsonFieldStream({
    maxValueBytes: 1000,
    sinkFor: (key) => {
      if (!streamed.includes(key)) return undefined;
      const sink = new CollectingSink();
      sinks.set(key, sink);
      return sink;
    },
  });
  const bytes = Buffer.from(json, 'utf8');
  for (let i = 0; i < bytes.length; i += chunkSize) await parser.push(bytes.subarray(i, i + chunkSize));
  return { fields: await parser.end(), sinks };
}

const SMALL_FIELDS = {
  name: 'Zoë "quoted" \\ voice',
  vocalFilter: true,
  train_params: { steps: [1, 2, { deep: '}' }], note: 'a,b' },
  count: 12.5,
  nothing: null,
  language: 'ja',
};
// JSON may escape '/' as '\/'; a data URL's base64 often contains '/'.
const PROMPT_JSON = '"data:audio/wav;base64,UklG\\/Rg=="';
const PROMPT_TEXT = 'data:audio/wav;base64,UklG/Rg==';

describe('JsonFieldStream', () => {
  it('parses small fields and streams the chosen field identically at every chunk size', async () => {
    const json = `{"prompt":${PROMPT_JSON},${JSON.stringify(SMALL_FIELDS).slice(1)}`;
    for (const size of [1, 2, 3, 7, 64, 10_000]) {
      const { fields, sinks } = await parseInChunks(json, size);
      expect(fields).toEqual(SMALL_FIELDS);
      expect(sinks.get('prompt')?.text).toBe(PROMPT_TEXT);
      expect(sinks.get('prompt')?.ended).toBe(true);
    }
  });

  it('handles whitespace, unicode escapes and multi-byte characters split across chunks', async () => {
    const json = ' { "prompt" : "a\\u00e9b€c" , "name":"名前" } ';
    for (const size of [1, 2, 5]) {
      const { fields, sinks } = await parseInChunks(json, size);
      expect(sinks.get('prompt')?.text).toBe('aéb€c');
      expect(fields).toEqual({ name: '名前' });
    }
  });

  it('accepts an empty object and rejects malformed bodies with a 400', async () => {
    expect((await parseInChunks('{}', 1)).fields).toEqual({});
    for (const bad of ['[1]', '{"a":1,}', '{"a" 1}', '{"a":1} x', '{"a":', '{"a":tru}', '{"a":[1}', '']) {
      await expect(parseInChunks(bad, 3), bad).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_BAD_REQUEST',
      });
    }
  });

  it('bounds the size of non-streamed values', async () => {
    const json = JSON.stringify({ name: 'x'.repeat(2000) });
    await expect(parseInChunks(json, 100)).rejects.toMatchObject({ status: 400, message: /name/ });
  });
});
