import { describe, expect, it } from 'vitest';
import { mediaIdOfPath, mediaPathFor } from './media-path.js';

const id = 'a'.repeat(20) + '_-' + 'B'.repeat(21);

describe('media paths', () => {
  it('keeps a known extension of the remote name so players can choose a decoder', () => {
    expect(mediaPathFor(id, 'https://cdn.example/voices/sample.MP3?sig=1')).toBe(`/media/${id}.mp3`);
    expect(mediaPathFor(id, 'https://cdn.example/a/avatar.jpeg')).toBe(`/media/${id}.jpeg`);
  });

  it('drops unknown or missing extensions', () => {
    expect(mediaPathFor(id, 'https://cdn.example/voices/sample')).toBe(`/media/${id}`);
    expect(mediaPathFor(id, 'https://cdn.example/voices/sample.exe')).toBe(`/media/${id}`);
    expect(mediaPathFor(id, 'not a url')).toBe(`/media/${id}`);
  });

  it('reads the id back with or without the extension, and nothing else', () => {
    expect(mediaIdOfPath(`/media/${id}.mp3`)).toBe(id);
    expect(mediaIdOfPath(`/media/${id}`)).toBe(id);
    expect(mediaIdOfPath(`/media/${id}/x`)).toBeUndefined();
    expect(mediaIdOfPath(`/media/..%2f${id}`)).toBeUndefined();
    expect(mediaIdOfPath(`/other/${id}`)).toBeUndefined();
  });
});
