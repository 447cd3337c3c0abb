import { describe, expect, it } from 'vitest';
import { mp3ChannelCount } from './mp3-channel-mode.js';

describe('mp3ChannelCount', () => {
  it('reads mono and stereo from the first frame header', () => {
    expect(mp3ChannelCount(Uint8Array.from([0xff, 0xfb, 0x90, 0xc4]))).toBe(1);
    expect(mp3ChannelCount(Uint8Array.from([0xff, 0xfb, 0x90, 0x44]))).toBe(2);
    expect(mp3ChannelCount(Uint8Array.from([0xff, 0xfb, 0x90, 0x04]))).toBe(2);
  });

  it('skips an ID3v2 tag and junk before the first frame', () => {
    const tag = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 3, 1, 2, 3];
    expect(mp3ChannelCount(Uint8Array.from([...tag, 0x00, 0xff, 0xf3, 0x64, 0xc4]))).toBe(1);
  });

  it('returns undefined without a frame header', () => {
    expect(mp3ChannelCount(Uint8Array.from([1, 2, 3, 4, 5]))).toBeUndefined();
    // A bitrate index of 1111 is invalid, so this is not a header.
    expect(mp3ChannelCount(Uint8Array.from([0xff, 0xfb, 0xf0, 0xc4]))).toBeUndefined();
  });
});
