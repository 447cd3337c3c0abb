import { describe, expect, it } from 'vitest';
import { describeHead, sniffAudioFormat } from './audio-format-sniffer.js';

function bytes(...parts: (string | number[])[]): Uint8Array {
  const flat: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const char of part) flat.push(char.charCodeAt(0));
    else flat.push(...part);
  }
  return Uint8Array.from(flat);
}

function oggPage(codecHeader: string): Uint8Array {
  // 'OggS', version, flags, granule (8), serial (4), sequence (4), checksum (4), 1 segment of 19 bytes.
  return bytes('OggS', [0, 2], new Array<number>(20).fill(0), [1, 19], codecHeader);
}

describe('sniffAudioFormat', () => {
  it('recognises WAV, FLAC, Ogg Opus and Ogg Vorbis by their headers', () => {
    expect(sniffAudioFormat(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
    expect(sniffAudioFormat(bytes('fLaC', [0, 0, 0, 34]))).toBe('flac');
    expect(sniffAudioFormat(oggPage('OpusHead'))).toBe('ogg-opus');
    expect(sniffAudioFormat(oggPage('\u0001vorbis'))).toBe('ogg-vorbis');
  });

  it('recognises MP3 by an ID3 tag or by MPEG audio frame sync', () => {
    expect(sniffAudioFormat(bytes('ID3', [4, 0, 0, 0, 0, 0, 10]))).toBe('mp3');
    expect(sniffAudioFormat(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffAudioFormat(bytes([0xff, 0xf3, 0x64, 0xc4]))).toBe('mp3');
  });

  it('tells ADTS AAC (same sync, layer 00) from MP3', () => {
    expect(sniffAudioFormat(bytes([0xff, 0xf1, 0x50, 0x80]))).toBe('unknown');
  });

  it('sees FLAC behind an ID3 tag', () => {
    expect(sniffAudioFormat(bytes('ID3', [4, 0, 0, 0, 0, 0, 2], [0, 0], 'fLaC'))).toBe('flac');
  });

  it('returns unknown for anything else, and describes the bytes for the error message', () => {
    const text = bytes('<html><body>');
    expect(sniffAudioFormat(text)).toBe('unknown');
    expect(describeHead(text)).toBe('3c 68 74 6d 6c 3e 3c 62');
    expect(sniffAudioFormat(new Uint8Array(0))).toBe('unknown');
  });
});
