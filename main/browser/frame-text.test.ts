import { describe, expect, it } from 'vitest';
import { frameText } from './frame-text.js';

const request = JSON.stringify({ type: 'request', id: 7, method: 'projects.list', params: { query: 'é' } });

describe('frameText', () => {
  it('reads a frame handed over as one Buffer', () => {
    expect(frameText(Buffer.from(request))).toBe(request);
  });

  it('joins a frame handed over as fragments, even when a fragment ends inside a character', () => {
    const bytes = Buffer.from(request);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    expect(frameText([bytes.subarray(0, 10), bytes.subarray(10, cut), bytes.subarray(cut)])).toBe(request);
  });

  it('reads a frame handed over as an ArrayBuffer', () => {
    const bytes = new TextEncoder().encode(request);
    expect(frameText(bytes.buffer)).toBe(request);
  });
});
