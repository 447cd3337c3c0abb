import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as DecodeAudioModule from './decode-audio.js';
import { decodeAudioFile } from './decode-audio.js';
import type { FakeMediaLog, FakeMediaOptions } from './test-support/fake-media.js';
import { buzzingSyllables, installFakeMedia } from './test-support/fake-media.js';
import type { PromptAudio } from './prompt-audio.js';
import { RecorderPanel } from './RecorderPanel.js';
import { howls } from '../../../test-support/fake-howler.js';

vi.mock('howler', () => import('../../../test-support/fake-howler.js'));

// happy-dom cannot decode WebM; the take's samples come from here instead.
vi.mock('./decode-audio.js', async (importOriginal) => ({
  ...(await importOriginal<typeof DecodeAudioModule>()),
  decodeAudioFile: vi.fn(),
}));
const decode = vi.mocked(decodeAudioFile);

const RATE = 48000;

function take(samples: Float32Array, speechSeconds: number) {
  return { samples, sampleRate: RATE, durationSeconds: samples.length / RATE, speechSeconds };
}

/** 1 s of silence, 6 s of voice-like buzz, 1 s of silence. */
function paddedVoice(): Float32Array {
  const voice = buzzingSyllables(6, RATE);
  const samples = new Float32Array(voice.length + 2 * RATE);
  samples.set(voice, RATE);
  return samples;
}

function setup(media: FakeMediaOptions = {}): {
  log: FakeMediaLog;
  ready: PromptAudio[];
  cleared: () => number;
} {
  const log = installFakeMedia(media);
  const ready: PromptAudio[] = [];
  let cleared = 0;
  render(<RecorderPanel onReady={(prompt) => ready.push(prompt)} onCleared={() => (cleared += 1)} />);
  return { log, ready, cleared: () => cleared };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  decode.mockReset();
  howls.length = 0;
});

describe('RecorderPanel', () => {
  it('shows a reading script, the minimums in plain words and the microphones', async () => {
    setup({
      devices: [
        { deviceId: 'default', kind: 'audioinput', label: 'Default' },
        { deviceId: 'usb', kind: 'audioinput', label: 'USB microphone' },
        { deviceId: 'out', kind: 'audiooutput', label: 'Speakers' },
      ],
    });
    expect(screen.getByTestId('reading-script').textContent).toMatch(/Read this aloud/);
    const guide = screen.getByTestId('clone-length-guide').textContent ?? '';
    expect(guide).toMatch(/At least 3 seconds of speech/);
    expect(guide).toMatch(/10 seconds to 3 minutes/);
    expect(guide).toMatch(/30 minutes or more/);
    const select = screen.getByTestId('recorder-device-select');
    await waitFor(() => expect(select.textContent).toBe('System defaultUSB microphone'));
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:00');
    expect(screen.getByTestId('recorder-speech-seconds').textContent).toBe('0.0 s of speech');
  });

  it('says what to do when microphone access is refused', async () => {
    const { log } = setup({ failWith: 'NotAllowedError' });
    fireEvent.click(screen.getByTestId('record-start'));
    const error = await screen.findByTestId('recorder-error');
    expect(error.textContent).toMatch(/may not use the microphone/);
    expect(error.textContent).toMatch(/Allow microphone access/);
    expect(log.contextsOpened).toBe(0);
    // Trying again stays possible.
    expect(screen.getByTestId('record-start')).toBeTruthy();
  });

  it('says so when there is no microphone at all', async () => {
    setup({ devices: [] });
    expect((await screen.findByTestId('recorder-error')).textContent).toMatch(/No microphone was found/);
  });

  it('records raw audio from the chosen device, shows live figures, and hands over a WAV when stopped', async () => {
    const samples = paddedVoice();
    decode.mockResolvedValue(take(samples, 5.5));
    const { log, ready } = setup({
      devices: [{ deviceId: 'usb', kind: 'audioinput', label: 'USB microphone' }],
      amplitude: 0.95,
    });
    const select = screen.getByTestId('recorder-device-select') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    fireEvent.change(select, { target: { value: 'usb' } });
    fireEvent.click(screen.getByTestId('record-start'));

    await screen.findByTestId('level-meter');
    expect(log.getUserMedia).toEqual([
      {
        audio: {
          deviceId: { exact: 'usb' },
          echoCancellation: false,
          noiseSuppression: false,
          autoGainControl: false,
        },
      },
    ]);
    // The fake microphone peaks at −0.4 dBFS.
    await screen.findByTestId('clipping-warning');
    expect(select.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('record-stop'));
    await screen.findByTestId('record-play');
    expect(decode).toHaveBeenCalledWith(expect.any(Blob), { sampleRate: 48000, fileName: 'the recording' });
    expect(log.tracksStopped).toBe(1);
    expect(log.contextsClosed).toBe(log.contextsOpened);
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:08');
    expect(screen.getByTestId('recorder-speech-seconds').textContent).toBe('5.5 s of speech');
    expect(screen.getByTestId('waveform')).toBeTruthy();
    expect(screen.queryByTestId('level-meter')).toBeNull();

    // The take is handed over once its WAV is built, which may finish after the player shows (slow machines).
    await waitFor(() => expect(ready).toHaveLength(1));
    const prompt = ready[0]!;
    expect(prompt).toMatchObject({
      mediaType: 'audio/wav',
      source: 'recording',
      durationSeconds: 8,
      speechSeconds: 5.5,
      sizeBytes: 44 + 2 * samples.length,
    });
    expect(prompt.fileName).toMatch(/^recording-\d{4}-\d{2}-\d{2}-\d{6}\.wav$/);
    expect(prompt.blob.type).toBe('audio/wav');
    expect(prompt.blob.size).toBe(prompt.sizeBytes);
  });

  it('keeps the clipping warning shown while recording in the take’s summary, after trimming too', async () => {
    decode.mockResolvedValue(take(paddedVoice(), 5.5));
    // The fake microphone peaks at −0.4 dBFS; the decoded take (as Opus may leave it) stays under −1 dBFS.
    setup({ amplitude: 0.95 });
    fireEvent.click(screen.getByTestId('record-start'));
    await screen.findByTestId('clipping-warning');
    fireEvent.click(screen.getByTestId('record-stop'));
    const warning = await screen.findByTestId('recorder-clipping');
    expect(warning.textContent).toMatch(/reached full scale while recording/);
    expect(screen.queryByTestId('level-meter')).toBeNull();
    fireEvent.click(screen.getByTestId('record-trim'));
    await screen.findByTestId('recorder-trim-note');
    expect(screen.getByTestId('recorder-clipping')).toBeTruthy();
  });

  it('shows no clipping warning for a take that never reached full scale', async () => {
    decode.mockResolvedValue(take(paddedVoice(), 5.5));
    setup();
    fireEvent.click(screen.getByTestId('record-start'));
    fireEvent.click(await screen.findByTestId('record-stop'));
    await screen.findByTestId('record-play');
    expect(screen.queryByTestId('recorder-clipping')).toBeNull();
  });

  it('trims silence at both ends and hands over the shorter take', async () => {
    decode.mockResolvedValue(take(paddedVoice(), 5.5));
    const { ready } = setup();
    fireEvent.click(screen.getByTestId('record-start'));
    fireEvent.click(await screen.findByTestId('record-stop'));
    fireEvent.click(await screen.findByTestId('record-trim'));
    const note = await screen.findByTestId('recorder-trim-note');
    expect(note.textContent).toMatch(/^Trimmed 1\.\d s of silence from the ends\.$/);
    await waitFor(() => expect(ready).toHaveLength(2));
    const trimmed = ready[1]!;
    // About 6 s of voice plus 200 ms of padding at each end is kept.
    expect(trimmed.durationSeconds).toBeGreaterThan(6.1);
    expect(trimmed.durationSeconds).toBeLessThan(6.6);
    expect(trimmed.speechSeconds).toBeGreaterThan(3);
    expect(trimmed.sizeBytes).toBe(44 + 2 * Math.round(trimmed.durationSeconds * RATE));
  });

  it('refuses a take with too little speech and clears it on Record again', async () => {
    decode.mockResolvedValueOnce(take(paddedVoice(), 5.5));
    const { ready, cleared, log } = setup();
    fireEvent.click(screen.getByTestId('record-start'));
    fireEvent.click(await screen.findByTestId('record-stop'));
    await waitFor(() => expect(ready).toHaveLength(1));

    decode.mockResolvedValueOnce(take(new Float32Array(RATE * 2), 0.4));
    fireEvent.click(screen.getByTestId('record-again'));
    expect(cleared()).toBe(1);
    fireEvent.click(await screen.findByTestId('record-stop'));
    const problems = await screen.findByTestId('recorder-problems');
    expect(problems.textContent).toMatch(/^Only 0\.4 s of speech was found/);
    expect(ready).toHaveLength(1);
    expect(log.tracksStopped).toBe(2);
  });

  it('releases the microphone and the audio context when it goes away mid-take', async () => {
    const { log } = setup();
    fireEvent.click(screen.getByTestId('record-start'));
    await screen.findByTestId('record-stop');
    cleanup();
    await waitFor(() => expect(log.contextsClosed).toBe(1));
    expect(log.tracksStopped).toBe(1);
  });

  it('plays the take back as WAV, pauses and resumes it, and stops it when the take is recorded again', async () => {
    decode.mockResolvedValue(take(paddedVoice(), 5.5));
    setup();
    fireEvent.click(screen.getByTestId('record-start'));
    fireEvent.click(await screen.findByTestId('record-stop'));
    const play = await screen.findByTestId('record-play');
    fireEvent.click(play);
    const clip = howls[0]!;
    expect(clip.options).toMatchObject({ html5: true, format: ['wav'] });
    expect(clip.options.src).toEqual([expect.stringMatching(/^blob:/)]);
    act(() => clip.emit('play'));
    expect(play.getAttribute('aria-pressed')).toBe('true');
    expect(play.textContent).toBe('Pause');
    fireEvent.click(play);
    expect(clip.paused).toBe(1);
    act(() => clip.emit('pause'));
    expect(play.getAttribute('aria-pressed')).toBe('false');
    // Play again resumes the same clip; its end shows Play again.
    fireEvent.click(play);
    expect(howls).toHaveLength(1);
    expect(clip.played).toBe(2);
    act(() => clip.emit('play'));
    act(() => clip.emit('end'));
    expect(play.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(play);
    act(() => clip.emit('play'));
    fireEvent.click(screen.getByTestId('record-again'));
    await waitFor(() => expect(clip.unloaded).toBe(true));
  });

  it('stops a take that fails to play, says why, and plays it afresh on the next click', async () => {
    decode.mockResolvedValue(take(paddedVoice(), 5.5));
    setup();
    fireEvent.click(screen.getByTestId('record-start'));
    fireEvent.click(await screen.findByTestId('record-stop'));
    const play = await screen.findByTestId('record-play');
    fireEvent.click(play);
    const failed = howls[0]!;
    act(() => failed.emit('playerror', 'Playback was unable to start.'));
    expect(failed.unloaded).toBe(true);
    expect(screen.getByTestId('recorder-play-error').textContent).toBe(
      'Could not play the take: Playback was unable to start.',
    );
    expect(play.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(play);
    expect(howls).toHaveLength(2);
    expect(screen.queryByTestId('recorder-play-error')).toBeNull();
  });
});
