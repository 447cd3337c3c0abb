import { describe, expect, it } from 'vitest';
import { contentTypeForPath, extensionForMediaType, mediaTypeForPath } from './content-type.js';

describe('content types', () => {
  it('names audio-only containers by their audio type, whatever the case of the extension', () => {
    expect(mediaTypeForPath('/x/take.WEBM')).toBe('audio/webm');
    expect(mediaTypeForPath('prompt.m4a')).toBe('audio/mp4');
    expect(mediaTypeForPath('prompt.mp4')).toBe('audio/mp4');
    expect(mediaTypeForPath('a.flac')).toBe('audio/flac');
    expect(mediaTypeForPath('a.opus')).toBe('audio/ogg');
    expect(mediaTypeForPath('a.wav')).toBe('audio/wav');
    expect(mediaTypeForPath('face.jpeg')).toBe('image/jpeg');
    expect(mediaTypeForPath('notes.unknown-kind')).toBe('application/octet-stream');
  });

  it('adds the charset to text only', () => {
    expect(contentTypeForPath('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeForPath('app.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeForPath('a.mp3')).toBe('audio/mpeg');
  });

  it('gives the usual extension of a type', () => {
    expect(extensionForMediaType('audio/wav')).toBe('.wav');
    expect(extensionForMediaType('image/png')).toBe('.png');
    expect(extensionForMediaType('audio/mpeg')).toBe('.mp3');
    expect(extensionForMediaType('audio/ogg')).toBe('.ogg');
    expect(extensionForMediaType('application/x-nothing')).toBe('');
  });
});
