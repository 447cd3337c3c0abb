import { describe, expect, it } from 'vitest';
import { chooseContentType, extensionFor, sniffContentType } from './media-types.js';

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe('chooseContentType', () => {
  it('keeps declared media types (without parameters) and refuses types that could run as a page', () => {
    expect(chooseContentType('Audio/MPEG; charset=binary', new Uint8Array())).toBe('audio/mpeg');
    expect(chooseContentType('video/webm', new Uint8Array())).toBe('video/webm');
    expect(chooseContentType('image/svg+xml', new Uint8Array())).toBe('image/svg+xml');
    expect(chooseContentType('text/html', bytes('<html>'))).toBe('application/octet-stream');
    expect(chooseContentType('application/javascript', new Uint8Array())).toBe('application/octet-stream');
    expect(chooseContentType(null, new Uint8Array())).toBe('application/octet-stream');
  });

  it('recognises the formats servers often leave untyped by their first bytes', () => {
    expect(sniffContentType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBe('audio/wav');
    expect(sniffContentType(bytes('ID3', 4, 0))).toBe('audio/mpeg');
    expect(sniffContentType(bytes(0xff, 0xfb, 0x90))).toBe('audio/mpeg');
    expect(sniffContentType(bytes('OggS', 0))).toBe('audio/ogg');
    expect(sniffContentType(bytes('fLaC'))).toBe('audio/flac');
    expect(sniffContentType(bytes(0, 0, 0, 0x20, 'ftypM4A '))).toBe('audio/mp4');
    expect(sniffContentType(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe('audio/webm');
    expect(sniffContentType(bytes(0x89, 'PNG'))).toBe('image/png');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(bytes('<!doctype html>'))).toBeUndefined();
    expect(chooseContentType('application/octet-stream', bytes('OggS'))).toBe('audio/ogg');
  });

  it('names cached files by their type', () => {
    expect(extensionFor('audio/mpeg')).toBe('mp3');
    expect(extensionFor('audio/wav')).toBe('wav');
    expect(extensionFor('application/octet-stream')).toBe('bin');
  });
});
