import type { SpeechCounter } from '../../../../common/audio/speech-detector.js';
import { createSpeechCounter } from '../../../../common/audio/speech-detector.js';
import { CLIPPING_PEAK_DB, amplitudeToDb, measureLevels } from '../../../../common/audio/levels.js';
import { pickRecordingSampleRate } from '../../../../common/audio/recording-format.js';
import type { DecodedAudio } from './decode-audio.js';
import { decodeAudioFile } from './decode-audio.js';
import type { LiveInput } from './live-input.js';
import { openLiveInput } from './live-input.js';
import type { MicrophoneProblem } from './microphone-errors.js';
import { NO_MEDIA_DEVICES, NO_MEDIA_RECORDER } from './microphone-errors.js';
import { recordingFromSamples } from './recording.js';
import type { Recording } from './recording.js';
import { ListenerScope } from '../../../shared/listeners.js';

export interface LiveLevel {
  rmsDb: number;
  peakDb: number;
  /** Some sample of this take reached −1 dBFS or more. */
  clipping: boolean;
}

export interface LiveFigures {
  elapsedSeconds: number;
  speechSeconds: number;
  level: LiveLevel;
}

/** Thrown by openRecordingSession when recording cannot start for a reason the user must act on. */
export class MicrophoneUnavailable extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(problem.message);
  }
}

const TICK_MS = 100;
const LEVEL_WINDOW_SECONDS = 0.3;
/**
 * The RMS shown is the loudest 300 ms window of the last second: speech pauses between words would otherwise
 * make the meter call a good take "too quiet" several times a second.
 */
const LEVEL_HOLD_TICKS = 10;
const CLIPPING_AMPLITUDE = 10 ** (CLIPPING_PEAK_DB / 20);
/** Opus in WebM: what Chromium's MediaRecorder does best; the take is re-encoded to WAV once it stops. */
const PREFERRED_TYPE = 'audio/webm;codecs=opus';

/**
 * One take from the microphone: MediaRecorder records it, a LiveInput feeds the live figures, and stopping
 * turns the recording into a mono 16-bit WAV. Every resource is released on stop or cancel.
 */
export class RecordingSession {
  private readonly chunks: Blob[] = [];
  private readonly counter: SpeechCounter;
  private readonly startedAt = performance.now();
  private timer: ReturnType<typeof setInterval> | undefined;
  private clipping = false;
  private released = false;
  private readonly recentRms: number[] = [];
  /** The recorder's listeners, removed when the microphone is released. */
  private readonly listeners = new ListenerScope();
  /**
   * Fails a stop() still waiting for the recorder's 'stop' when the take is cancelled: releasing removes the
   * listener it waits on, so it would otherwise never settle.
   */
  private failPendingStop: ((error: Error) => void) | undefined;

  private constructor(
    private readonly stream: MediaStream,
    private readonly recorder: MediaRecorder,
    private readonly live: LiveInput,
    private readonly onFigures: (figures: LiveFigures) => void,
  ) {
    this.counter = createSpeechCounter(live.sampleRate);
    this.listeners.listen(recorder, 'dataavailable', (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    });
    // A second of audio per chunk: nothing is lost if the renderer is slow to take it.
    recorder.start(1000);
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  static async open(deviceId: string, onFigures: (figures: LiveFigures) => void): Promise<RecordingSession> {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) throw new MicrophoneUnavailable(NO_MEDIA_DEVICES);
    if (typeof MediaRecorder === 'undefined') throw new MicrophoneUnavailable(NO_MEDIA_RECORDER);
    // Raw input: cleaning and levelling the voice here would change what is cloned.
    const stream = await media.getUserMedia({
      audio: {
        ...(deviceId === '' ? {} : { deviceId: { exact: deviceId } }),
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    });
    try {
      const mimeType = MediaRecorder.isTypeSupported(PREFERRED_TYPE) ? PREFERRED_TYPE : '';
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 128_000 } : {});
      const live = await openLiveInput(stream);
      return new RecordingSession(stream, recorder, live, onFigures);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  get elapsedSeconds(): number {
    return (performance.now() - this.startedAt) / 1000;
  }

  /** Stops recording and makes the WAV. */
  async stop(): Promise<Recording> {
    const duration = this.elapsedSeconds;
    const blob = await this.stopRecorder();
    await this.release();
    if (blob.size === 0)
      throw new Error('The microphone delivered no audio. Check the input and record again.');
    const decoded: DecodedAudio = await decodeAudioFile(blob, {
      sampleRate: pickRecordingSampleRate(duration),
      fileName: 'the recording',
    });
    // The live flag saw the raw input; the encoded take can lose a clipped peak's last decibel, never the damage.
    const clipped = this.clipping || measureLevels(decoded.samples).peakDb >= CLIPPING_PEAK_DB;
    return recordingFromSamples(decoded.samples, decoded.sampleRate, decoded.speechSeconds, clipped);
  }

  /** Drops the take and releases the microphone (on unmount, or when a new take replaces this one). */
  async cancel(): Promise<void> {
    if (this.recorder.state !== 'inactive') this.recorder.stop();
    await this.release();
  }

  private tick(): void {
    if (this.released) return;
    const { fresh, recent } = this.live.read();
    if (fresh.length > 0) this.counter.push(fresh);
    for (let i = 0; i < fresh.length && !this.clipping; i += 1) {
      if (Math.abs(fresh[i]!) >= CLIPPING_AMPLITUDE) this.clipping = true;
    }
    const window = recent.subarray(recent.length - Math.round(LEVEL_WINDOW_SECONDS * this.live.sampleRate));
    this.recentRms.push(measureLevels(window).rmsDb);
    if (this.recentRms.length > LEVEL_HOLD_TICKS) this.recentRms.shift();
    const rmsDb = Math.max(...this.recentRms);
    // The peak over the analyser's whole ~0.7 s: a natural peak hold, so short peaks stay visible.
    let peak = 0;
    for (let i = 0; i < recent.length; i += 1) peak = Math.max(peak, Math.abs(recent[i]!));
    this.onFigures({
      elapsedSeconds: this.elapsedSeconds,
      speechSeconds: this.counter.speechSeconds,
      level: { rmsDb, peakDb: amplitudeToDb(peak), clipping: this.clipping },
    });
  }

  private stopRecorder(): Promise<Blob> {
    return new Promise((resolve, reject) => {
      const finish = (): void =>
        resolve(new Blob(this.chunks, { type: this.recorder.mimeType || 'audio/webm' }));
      if (this.recorder.state === 'inactive') {
        finish();
        return;
      }
      this.failPendingStop = reject;
      this.listeners.listen(this.recorder, 'stop', finish, { once: true });
      this.listeners.listen(this.recorder, 'error', (event) => reject(toError(event)), { once: true });
      this.recorder.stop();
    });
  }

  private async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    this.listeners.dispose();
    this.failPendingStop?.(new Error('The take was cancelled before it was saved.'));
    this.failPendingStop = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    for (const track of this.stream.getTracks()) track.stop();
    await this.live.close();
  }
}

function toError(event: Event): Error {
  const inner = (event as Event & { error?: unknown }).error;
  return inner instanceof Error ? inner : new Error('The recording failed.');
}
