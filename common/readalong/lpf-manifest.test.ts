import { describe, expect, it } from 'vitest';
import { lpfTableOfContents, publicationManifest } from './lpf-manifest.js';
import type { ReadAlongBookInfo, ReadAlongChapter } from './readalong-book.js';
import { audiobookManifestSchema, isoDurationMs } from './test-support/audiobook-manifest-schema.js';

const book: ReadAlongBookInfo = {
  title: 'Rivers & Seas',
  author: 'A. Writer',
  narrators: ['Clara'],
  language: 'en-GB',
  identifier: 'urn:uuid:0d5e1c9a-54b2-5a0e-8c3f-1234567890ab',
  modified: new Date(Date.UTC(2026, 10, 27, 18, 0, 0)),
};
const chapters: ReadAlongChapter[] = [
  { title: 'One', audioFile: 'chapter-001.mp3', audioType: 'audio/mpeg', durationMs: 61_500, blocks: [] },
  {
    title: 'Two <b>',
    audioFile: 'chapter-002.mp3',
    audioType: 'audio/mpeg',
    durationMs: 3_600_250,
    blocks: [],
  },
];

describe('publicationManifest', () => {
  const manifest = publicationManifest(book, chapters);

  it('is a valid W3C Audiobooks manifest (the profile’s required parts)', () => {
    expect(audiobookManifestSchema.safeParse(manifest).error).toBeUndefined();
  });

  it('lists the chapters in reading order, with durations adding up to the whole book', () => {
    const parsed = audiobookManifestSchema.parse(manifest);
    expect(parsed.readingOrder.map((item) => [item.url, item.name])).toEqual([
      ['audio/chapter-001.mp3', 'One'],
      ['audio/chapter-002.mp3', 'Two <b>'],
    ]);
    expect(parsed.readingOrder.map((item) => isoDurationMs(item.duration))).toEqual([61_500, 3_600_250]);
    expect(parsed.duration).toBe('PT1H1M1.75S');
    expect(parsed.readBy).toEqual([{ type: 'Person', name: 'Clara' }]);
    expect(parsed.resources).toContainEqual(expect.objectContaining({ url: 'toc.html', rel: 'contents' }));
  });
});

describe('the cover in the publication manifest', () => {
  const cover = { mediaType: 'image/png' as const, bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) };

  it('names the cover among the resources with rel "cover" and its image type, and stays valid', () => {
    const manifest = publicationManifest({ ...book, cover }, chapters);
    const parsed = audiobookManifestSchema.parse(manifest);
    expect(parsed.resources).toContainEqual(
      expect.objectContaining({ url: 'cover.png', encodingFormat: 'image/png', rel: 'cover' }),
    );
    expect(JSON.stringify(publicationManifest(book, chapters))).not.toContain('"cover"');
  });

  it('is refused by the schema when the cover is not an image', () => {
    const manifest = publicationManifest({ ...book, cover }, chapters);
    const resources = (manifest['resources'] as { rel: string }[]).map((resource) =>
      resource.rel === 'cover' ? { ...resource, encodingFormat: 'text/html' } : resource,
    );
    const result = audiobookManifestSchema.safeParse({ ...manifest, resources });
    expect(result.error?.issues[0]?.message).toBe(
      'a resource with rel "cover" must be a JPEG, PNG, GIF, WebP or SVG image',
    );
  });
});

describe('lpfTableOfContents', () => {
  it('is a doc-toc navigation linking each chapter’s audio, its titles escaped', () => {
    const html = lpfTableOfContents(book, chapters);
    expect(html).toContain('<nav role="doc-toc">');
    expect(html).toContain('<a href="audio/chapter-002.mp3">Two &lt;b&gt;</a>');
    expect(html).toContain('<title>Rivers &amp; Seas</title>');
  });
});
