import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecodedAudio } from './decode-audio.js';
import type * as DecodeAudioModule from './decode-audio.js';
import { AudioDecodeError, decodeAudioFile } from './decode-audio.js';
import { ImportPanel } from './ImportPanel.js';
import type { PromptAudio } from './prompt-audio.js';

vi.mock('./decode-audio.js', async (importOriginal) => ({
  ...(await importOriginal<typeof DecodeAudioModule>()),
  decodeAudioFile: vi.fn(),
}));
const decode = vi.mocked(decodeAudioFile);

const MB = 1024 * 1024;

function audioFile(name: string, sizeBytes: number, type = 'audio/mpeg'): File {
  const file = new File([new Uint8Array(16)], name, { type });
  // The size is what is checked before decoding; a real 101 MB buffer would prove nothing more.
  Object.defineProperty(file, 'size', { value: sizeBytes });
  return file;
}

function decoded(durationSeconds: number, speechSeconds: number): DecodedAudio {
  return {
    samples: new Float32Array(Math.round(durationSeconds * 16000)),
    sampleRate: 16000,
    durationSeconds,
    speechSeconds,
  };
}

function pick(file: File): void {
  fireEvent.change(screen.getByTestId('import-input'), { target: { files: [file] } });
}

describe('ImportPanel', () => {
  let ready: PromptAudio[];
  let cleared: number;
  beforeEach(() => {
    ready = [];
    cleared = 0;
    decode.mockReset();
    render(<ImportPanel onReady={(prompt) => ready.push(prompt)} onCleared={() => (cleared += 1)} />);
  });
  afterEach(() => cleanup());

  it('refuses a file over 100 MB before decoding it', () => {
    pick(audioFile('long-session.wav', 101 * MB, 'audio/wav'));
    expect(screen.getByTestId('import-error').textContent).toBe(
      '“long-session.wav” is 101.0 MB; the service accepts at most 100 MB. ' +
        'Use a shorter recording or a compressed format (MP3, M4A, Opus).',
    );
    expect(decode).not.toHaveBeenCalled();
    expect(ready).toEqual([]);
  });

  it('decodes a picked file, shows its duration, speech and waveform, and hands it over', async () => {
    decode.mockResolvedValue(decoded(42.5, 31.25));
    const file = audioFile('narration.m4a', 2 * MB, 'audio/x-m4a');
    pick(file);
    await screen.findByTestId('import-summary');
    expect(screen.getByTestId('prompt-duration').textContent).toBe('42 s');
    expect(screen.getByTestId('prompt-speech-seconds').textContent).toBe('31.2 s of speech');
    expect(screen.getByTestId('waveform')).toBeTruthy();
    expect(screen.queryByTestId('import-error')).toBeNull();
    expect(screen.getByTestId('prompt-advice').textContent).toMatch(/good length for a quick clone/);
    expect(ready).toEqual([
      {
        blob: file,
        fileName: 'narration.m4a',
        mediaType: 'audio/mp4',
        sizeBytes: 2 * MB,
        durationSeconds: 42.5,
        speechSeconds: 31.25,
        source: 'file',
      },
    ]);
  });

  it('refuses a file with under 3 s of speech, saying how much it found', async () => {
    decode.mockResolvedValue(decoded(2, 1.62));
    pick(audioFile('hello.wav', 64_000, 'audio/wav'));
    const error = await screen.findByTestId('import-error');
    expect(error.textContent).toBe(
      'Only 1.6 s of speech was found in 2.0 s of audio; the service needs at least 3 s of speech. ' +
        'Record or choose a longer sample.',
    );
    // The figures stay visible, so the refusal can be understood.
    expect(screen.getByTestId('prompt-speech-seconds').textContent).toBe('1.6 s of speech');
    expect(ready).toEqual([]);
  });

  it('refuses an undecodable file with the decoder’s reason', async () => {
    decode.mockRejectedValue(new AudioDecodeError('“notes.ogg” could not be read as audio.', 'notes.ogg'));
    pick(audioFile('notes.ogg', 5000, 'audio/ogg'));
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      '“notes.ogg” could not be read as audio.',
    );
    expect(screen.queryByTestId('import-summary')).toBeNull();
    expect(ready).toEqual([]);
  });

  it('takes the first of several dropped files and says the others were ignored', async () => {
    decode.mockResolvedValue(decoded(12, 10));
    const zone = screen.getByTestId('import-dropzone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: 'none' } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    const first = audioFile('first.flac', 9000, '');
    fireEvent.drop(zone, { dataTransfer: { files: [first, audioFile('second.flac', 9000, '')] } });
    await screen.findByTestId('import-summary');
    expect(zone.getAttribute('data-dragging')).toBe('false');
    expect(decode).toHaveBeenCalledWith(first, expect.anything());
    expect(ready.map((prompt) => [prompt.fileName, prompt.mediaType])).toEqual([
      ['first.flac', 'audio/flac'],
    ]);
    expect(screen.getByText(/1 more ignored/)).toBeTruthy();
  });

  it('clears the handed-over file when another one replaces it, and ignores a slower earlier decode', async () => {
    decode.mockResolvedValueOnce(decoded(20, 15));
    pick(audioFile('good.wav', 9000, 'audio/wav'));
    await waitFor(() => expect(ready).toHaveLength(1));

    let finishSlow: (value: DecodedAudio) => void = () => undefined;
    decode.mockReturnValueOnce(new Promise((resolve) => (finishSlow = resolve)));
    decode.mockResolvedValueOnce(decoded(3, 1));
    pick(audioFile('slow.wav', 9000, 'audio/wav'));
    expect(cleared).toBe(1);
    pick(audioFile('short.wav', 9000, 'audio/wav'));
    await screen.findByTestId('import-error');
    await act(async () => finishSlow(decoded(60, 50)));
    expect(screen.getByTestId('import-error').textContent).toMatch(/^Only 1\.0 s of speech/);
    expect(ready).toHaveLength(1);
  });

  it('offers a keyboard-reachable file input for audio files', () => {
    const input = screen.getByTestId('import-input') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('audio/*,.wav,.mp3,.m4a,.aac,.ogg,.opus,.flac,.webm');
    expect(input.closest('label')?.textContent).toMatch(/Choose a file/);
    expect(input.tabIndex).not.toBe(-1);
  });
});
