import { describe, expect, it } from 'vitest';
import { AUDIO_FILE_ACCEPT, mediaTypeForFile } from './media-types.js';

describe('mediaTypeForFile', () => {
  it('names the audio type by extension, whatever the system reported', () => {
    expect(mediaTypeForFile('take.WAV', 'audio/x-wav')).toBe('audio/wav');
    expect(mediaTypeForFile('take.webm', 'video/webm')).toBe('audio/webm');
    expect(mediaTypeForFile('take.m4a', 'audio/x-m4a')).toBe('audio/mp4');
    expect(mediaTypeForFile('take.opus')).toBe('audio/ogg');
    expect(mediaTypeForFile('take.mp3')).toBe('audio/mpeg');
  });

  it('falls back to the reported type, then to octet-stream', () => {
    expect(mediaTypeForFile('take.aiff', 'audio/aiff')).toBe('audio/aiff');
    expect(mediaTypeForFile('take')).toBe('application/octet-stream');
  });

  it('accepts any audio type and the listed extensions in file pickers', () => {
    expect(AUDIO_FILE_ACCEPT).toBe('audio/*,.wav,.mp3,.m4a,.aac,.ogg,.opus,.flac,.webm');
  });
});
