import NodeID3 from 'node-id3';
import { describe, expect, it } from 'vitest';
import type { FileTags } from './file-tags.js';
import { id3Tag } from './id3-tag.js';
import { wavTrailerChunks } from './wav-chunks.js';

const tagsIn = (language: string): FileTags => ({
  metadata: { title: 'The Lantern Keeper', author: 'Ada Writer' },
  chapters: [],
  markers: false,
  chaptersJson: false,
  language,
});

describe('the language an imported book gives its exports', () => {
  it('is ID3 TLAN in ISO 639-2 in an MP3, and ILNG in a WAV', async () => {
    expect(NodeID3.read(Buffer.from(await id3Tag(tagsIn('en-GB'), undefined))).language).toBe('eng');
    expect(NodeID3.read(Buffer.from(await id3Tag(tagsIn('de'), undefined))).language).toBe('deu');
    // A language ID3 has no code for here is left out rather than written wrong.
    expect(NodeID3.read(Buffer.from(await id3Tag(tagsIn('cy'), undefined))).language).toBeUndefined();
    const wav = Buffer.from(wavTrailerChunks(tagsIn('en-GB'), 44_100)).toString('latin1');
    expect(wav).toContain('ILNG\u0006\u0000\u0000\u0000en-GB\u0000');
  });
});
