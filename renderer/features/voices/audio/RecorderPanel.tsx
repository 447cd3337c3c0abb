import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { checkPromptAudio } from '../../../../common/audio/prompt-check.js';
import { QUICK_CLONE_SPEECH_SECONDS } from '../../../../common/audio/prompt-check.js';
import { MIN_SPEECH_SECONDS } from '../../../../common/rules/vocabulary.js';
import { CloneLengthGuide } from './CloneLengthGuide.js';
import { LevelMeter } from './LevelMeter.js';
import { PromptCheckNotes } from './PromptCheckNotes.js';
import { ReadingScript } from './ReadingScript.js';
import { WaveformView } from './WaveformView.js';
import { formatClock } from '../../../shared/format.js';
import { formatSpeech } from './format-audio.js';
import type { PromptAudio } from './prompt-audio.js';
import type { Recording } from './recording.js';
import { useRecorder } from './use-recorder.js';
import type { PlayingClip } from '../../../shared/clip-player.js';
import { playClip } from '../../../shared/clip-player.js';
import './voice-audio.css';

export interface RecorderPanelProps {
  /** A usable take (at least 3 s of speech, under 100 MB): after stop, and again after trimming. */
  onReady(prompt: PromptAudio): void;
  /** The take last handed to onReady was discarded (record again) or replaced by one that cannot be used. */
  onCleared?(): void;
}

/** Records a voice sample: script, device picker, live level, elapsed time and speech, then play, trim, redo. */
export function RecorderPanel({ onReady, onCleared }: RecorderPanelProps) {
  const recorder = useRecorder();
  const { state, recording, busy } = recorder;
  const headingId = useId();
  const playback = useRef<TakePlayback | null>(null);
  // The take whose playback is heard now: a new take is not playing, whatever the old one was doing.
  const [playingBlob, setPlayingBlob] = useState<Blob | null>(null);
  const playing = recording !== undefined && playingBlob === recording.blob;
  // Why a take could not be played back, shown with that take only.
  const [playbackError, setPlaybackError] = useState<{ blob: Blob; message: string } | null>(null);
  const [trimNote, setTrimNote] = useState<string>();
  const handedOver = useRef(false);

  const check = useMemo(
    () =>
      recording
        ? checkPromptAudio({
            sizeBytes: recording.blob.size,
            durationSeconds: recording.decoded.durationSeconds,
            speechSeconds: recording.decoded.speechSeconds,
          })
        : null,
    [recording],
  );

  // Every new take (after stop, after trim, or none after reset) goes to the parent once.
  const handOver = useEffectEvent((take: Recording | undefined) => {
    const usable = take !== undefined && check?.ok === true;
    if (usable) {
      handedOver.current = true;
      onReady(promptFromRecording(take));
    } else if (handedOver.current) {
      handedOver.current = false;
      onCleared?.();
    }
  });
  useEffect(() => handOver(recording), [recording]);

  // A new take (or none) stops playback of the old one and frees its object URL.
  useEffect(() => () => freePlayback(playback), [recording]);

  const togglePlayback = (): void => {
    if (!recording) return;
    const current = playback.current;
    if (current?.blob === recording.blob) {
      if (current.clip.isPlaying()) current.clip.pause();
      else current.clip.resume();
      return;
    }
    const { blob } = recording;
    const url = URL.createObjectURL(blob);
    const stopped = (): void => setPlayingBlob(null);
    // A failed clip is freed, so the next click starts afresh instead of resuming it, and the reason is shown.
    const failed = (stage: 'load' | 'play', reason: string): void => {
      if (playback.current?.clip !== clip) return;
      freePlayback(playback);
      stopped();
      setPlaybackError({ blob, message: `Could not ${stage} the take: ${reason}` });
    };
    const clip = playClip(url, {
      format: 'wav',
      onPlay: () => setPlayingBlob(blob),
      onPause: stopped,
      onEnd: stopped,
      onError: failed,
    });
    playback.current = { blob, url, clip };
    setPlaybackError(null);
  };

  const trim = (): void => {
    setTrimNote(undefined);
    recorder
      .trim()
      .then((outcome) => {
        if (outcome.kind === 'trimmed') {
          setTrimNote(`Trimmed ${outcome.removedSeconds.toFixed(1)} s of silence from the ends.`);
        } else if (outcome.kind === 'unchanged') {
          setTrimNote('Nothing to trim: the take already starts and ends with speech.');
        } else {
          setTrimNote('No speech was found in this take, so there is nothing to keep.');
        }
      })
      .catch((error: unknown) => setTrimNote(`Trimming failed: ${String(error)}`));
  };

  const again = (): void => {
    setTrimNote(undefined);
    recorder.reset();
    void recorder.start();
  };

  const isRecording = state === 'recording';
  const speechSeconds = recording ? recording.decoded.speechSeconds : recorder.liveSpeechSeconds;
  const elapsed = recording ? recording.decoded.durationSeconds : recorder.elapsedSeconds;

  return (
    <section className="card voice-audio-panel" aria-labelledby={headingId} data-testid="recorder-panel">
      <h2 id={headingId}>Record a sample</h2>
      <CloneLengthGuide />
      <ReadingScript />

      <label className="field">
        <span>Microphone</span>
        <select
          data-testid="recorder-device-select"
          value={recorder.deviceId}
          onChange={(event) => recorder.setDeviceId(event.target.value)}
          disabled={isRecording || state === 'requesting'}
        >
          <option value="">System default</option>
          {recorder.devices.map((device) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label}
            </option>
          ))}
        </select>
      </label>

      <div className="recorder-controls">
        {isRecording ? (
          <button
            type="button"
            className="primary"
            data-testid="record-stop"
            onClick={recorder.stop}
            disabled={busy}
          >
            Stop
          </button>
        ) : null}
        {!isRecording && state !== 'stopped' ? (
          <button
            type="button"
            className="primary"
            data-testid="record-start"
            onClick={() => void recorder.start()}
            disabled={state === 'requesting'}
          >
            Record
          </button>
        ) : null}
        {state === 'stopped' && recording ? (
          <>
            <button type="button" data-testid="record-play" onClick={togglePlayback} aria-pressed={playing}>
              {playing ? 'Pause' : 'Play'}
            </button>
            <button type="button" data-testid="record-again" onClick={again} disabled={busy}>
              Record again
            </button>
            <button type="button" data-testid="record-trim" onClick={trim} disabled={busy}>
              Trim silence
            </button>
          </>
        ) : null}
      </div>

      <p className="recorder-figures">
        <span className="recorder-figure">
          <span className="hint">Elapsed </span>
          <span data-testid="recorder-elapsed" role="timer" aria-label="Elapsed time">
            {formatClock(elapsed * 1000)}
          </span>
        </span>
        <span className="recorder-figure" data-testid="recorder-speech-seconds">
          {formatSpeech(speechSeconds)}
        </span>
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="recorder-announcement">
        {announcement(state, busy, speechSeconds)}
      </p>

      {isRecording ? (
        <LevelMeter
          rmsDb={recorder.level.rmsDb}
          peakDb={recorder.level.peakDb}
          clipping={recorder.level.clipping}
        />
      ) : null}
      {state === 'requesting' ? (
        <p className="hint" role="status">
          Waiting for access to the microphone…
        </p>
      ) : null}
      {busy ? (
        <p className="hint" role="status">
          {recording ? 'Trimming…' : 'Saving the take…'}
        </p>
      ) : null}
      {recorder.error !== undefined ? (
        <div className="error-notice" role="alert" data-testid="recorder-error">
          <p>{recorder.error}</p>
        </div>
      ) : null}

      {recording && check ? (
        <div className="recorder-take" data-testid="recorder-take">
          <WaveformView
            samples={recording.decoded.samples}
            label={`Waveform of the take: ${formatClock(recording.decoded.durationSeconds * 1000, { rounding: 'nearest' })}, ${formatSpeech(recording.decoded.speechSeconds)}`}
          />
          {recording.clipped ? (
            <p className="level-meter-clipping" role="alert" data-testid="recorder-clipping">
              Clipping: the input reached full scale while recording, so parts of this take are distorted and
              make a poor clone. Lower the input gain or move back, then record again.
            </p>
          ) : null}
          {playbackError?.blob === recording.blob ? (
            <p className="field-error" role="alert" data-testid="recorder-play-error">
              {playbackError.message}
            </p>
          ) : null}
          {trimNote !== undefined ? (
            <p className="hint" role="status" data-testid="recorder-trim-note">
              {trimNote}
            </p>
          ) : null}
          <PromptCheckNotes check={check} problemsTestId="recorder-problems" />
        </div>
      ) : null}
    </section>
  );
}

interface TakePlayback {
  blob: Blob;
  url: string;
  clip: PlayingClip;
}

/** Stops the take's clip and frees its object URL. */
function freePlayback(playback: { current: TakePlayback | null }): void {
  if (playback.current) {
    playback.current.clip.stop();
    URL.revokeObjectURL(playback.current.url);
  }
  playback.current = null;
}

function promptFromRecording(take: Recording): PromptAudio {
  return {
    blob: take.blob,
    fileName: `recording-${timestamp(new Date())}.wav`,
    mediaType: 'audio/wav',
    sizeBytes: take.blob.size,
    durationSeconds: take.decoded.durationSeconds,
    speechSeconds: take.decoded.speechSeconds,
    source: 'recording',
  };
}

function timestamp(date: Date): string {
  const two = (value: number): string => String(value).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-` +
    `${two(date.getHours())}${two(date.getMinutes())}${two(date.getSeconds())}`
  );
}

/** What a screen reader hears: state changes and speech milestones, not every tenth of a second. */
function announcement(state: string, busy: boolean, speechSeconds: number): string {
  if (state === 'recording' && !busy) {
    if (speechSeconds >= QUICK_CLONE_SPEECH_SECONDS.max) return 'Recording. Over 3 minutes of speech.';
    if (speechSeconds >= QUICK_CLONE_SPEECH_SECONDS.min)
      return 'Recording. 10 seconds of speech: a good quick clone.';
    if (speechSeconds >= MIN_SPEECH_SECONDS)
      return `Recording. ${MIN_SPEECH_SECONDS} seconds of speech: the minimum.`;
    return 'Recording.';
  }
  if (busy) return 'Saving the take.';
  if (state === 'stopped') return `Recording stopped: ${formatSpeech(speechSeconds)}.`;
  return '';
}
