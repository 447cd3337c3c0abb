import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { analyseSpeech } from '../../../../common/audio/speech-detector.js';
import { AudioDecodeError, decodeAudioFile } from './decode-audio.js';
import { buzzingSyllables, installFakeDecoder } from './test-support/fake-media.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

const someBytes = (name: string): File => new File([new Uint8Array(1000)], name, { type: 'audio/wav' });

describe('decodeAudioFile', () => {
  it('mixes to mono, measures the duration and counts speech like analyseSpeech', async () => {
    const voice = buzzingSyllables(6, 16000);
    const left = Float32Array.from(voice, (value) => value * 1.5);
    const right = Float32Array.from(voice, (value) => value * 0.5);
    const decoder = installFakeDecoder({ channels: [left, right], sampleRate: 16000 });
    const progress: number[] = [];
    const decoded = await decodeAudioFile(someBytes('take.wav'), { onProgress: (p) => progress.push(p) });

    expect(decoder.rates).toEqual([16000]);
    expect(decoded.sampleRate).toBe(16000);
    expect(decoded.durationSeconds).toBe(6);
    expect(decoded.samples.length).toBe(voice.length);
    expect(decoded.samples[1234]).toBeCloseTo(voice[1234]!, 6);
    const expected = analyseSpeech(voice, 16000).speechSeconds;
    expect(expected).toBeGreaterThan(2);
    expect(Math.abs(decoded.speechSeconds - expected)).toBeLessThanOrEqual(0.02 + 1e-9);
    expect(progress.at(-1)).toBe(1);
  });

  it('decodes big files at 8 kHz, enough for the detector, to spare memory', async () => {
    const decoder = installFakeDecoder({ channels: [new Float32Array(800)], sampleRate: 8000 });
    const big = someBytes('book.mp3');
    Object.defineProperty(big, 'size', { value: 26 * 1024 * 1024 });
    await decodeAudioFile(big);
    expect(decoder.rates).toEqual([8000]);
  });

  it('decodes at the rate asked for', async () => {
    const decoder = installFakeDecoder({ channels: [new Float32Array(4800)], sampleRate: 48000 });
    const decoded = await decodeAudioFile(new Blob([new Uint8Array(10)]), { sampleRate: 48000 });
    expect(decoder.rates).toEqual([48000]);
    expect(decoded.speechSeconds).toBe(0);
  });

  it('refuses an undecodable file with a message naming it, keeping the cause', async () => {
    const cause = new DOMException('Unable to decode audio data', 'EncodingError');
    installFakeDecoder(cause);
    const failure = decodeAudioFile(someBytes('notes.txt'));
    await expect(failure).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(failure).rejects.toMatchObject({
      fileName: 'notes.txt',
      cause,
      message:
        '“notes.txt” could not be read as audio: it is damaged or in a format this app cannot decode. ' +
        'Use WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM.',
    });
  });

  it('refuses empty files and audio without samples', async () => {
    installFakeDecoder({ channels: [new Float32Array(0)], sampleRate: 16000 });
    await expect(decodeAudioFile(new File([], 'empty.wav'))).rejects.toThrow('“empty.wav” is empty.');
    await expect(decodeAudioFile(someBytes('blank.mp3'))).rejects.toThrow('“blank.mp3” contains no audio.');
    await expect(
      decodeAudioFile(new Blob([new Uint8Array(3)]), { fileName: 'the recording' }),
    ).rejects.toThrow('The recording contains no audio.');
  });

  it('says so when the window cannot decode audio at all', async () => {
    vi.stubGlobal('OfflineAudioContext', undefined);
    await expect(decodeAudioFile(someBytes('take.wav'))).rejects.toThrow(
      'This window cannot decode audio, so “take.wav” cannot be read here.',
    );
  });
});
