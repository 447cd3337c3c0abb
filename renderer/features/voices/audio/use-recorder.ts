import { useCallback, useEffect, useRef, useState } from 'react';
import { LEVEL_FLOOR_DB } from '../../../../common/audio/levels.js';
import { NO_MICROPHONE, describeMicrophoneError } from './microphone-errors.js';
import type { Recording } from './recording.js';
import type { LiveFigures, LiveLevel } from './recording-session.js';
import { MicrophoneUnavailable, RecordingSession } from './recording-session.js';
import type { TrimOutcome } from './trim-recording.js';
import { trimRecording } from './trim-recording.js';
import { listen } from '../../../shared/listeners.js';

export type RecorderState =
  'idle' | 'requesting' | 'recording' | 'stopped' | 'denied' | 'no-device' | 'error';

export interface RecorderDevice {
  deviceId: string;
  label: string;
}

export interface Recorder {
  state: RecorderState;
  /** What went wrong and what to do, for 'denied', 'no-device' and 'error'. */
  error?: string;
  /** Audio inputs; labels appear once microphone access was granted. */
  devices: RecorderDevice[];
  /** '' is the system's default input. */
  deviceId: string;
  setDeviceId(deviceId: string): void;
  start(): Promise<void>;
  stop(): void;
  /** Drops the take (and stops recording) and goes back to 'idle'. */
  reset(): void;
  /** Cuts silence at both ends of the take, replacing `recording`. */
  trim(): Promise<TrimOutcome>;
  elapsedSeconds: number;
  liveSpeechSeconds: number;
  level: LiveLevel;
  /** True between stop() and the WAV being ready, and while trimming. */
  busy: boolean;
  recording?: Recording;
}

const SILENT_LEVEL: LiveLevel = { rmsDb: LEVEL_FLOOR_DB, peakDb: LEVEL_FLOOR_DB, clipping: false };
const NO_FIGURES: LiveFigures = { elapsedSeconds: 0, speechSeconds: 0, level: SILENT_LEVEL };
/** Pseudo-devices Chromium lists besides the real inputs; '' (the default) stands for them. */
const ALIASES = new Set(['', 'default', 'communications']);

interface Status {
  state: RecorderState;
  error?: string;
}

/**
 * Records a take from the microphone (raw: no echo cancellation, noise suppression or gain control) with live
 * level, elapsed time and seconds of speech, and hands back a mono 16-bit WAV with its decoded samples.
 */
export function useRecorder(): Recorder {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [devices, setDevices] = useState<RecorderDevice[]>([]);
  const [deviceId, setDeviceId] = useState('');
  const [figures, setFigures] = useState<LiveFigures>(NO_FIGURES);
  const [recording, setRecording] = useState<Recording>();
  const [busy, setBusy] = useState(false);
  const session = useRef<RecordingSession | null>(null);
  // Bumped by every start/reset: late results of an older take are ignored.
  const generation = useRef(0);

  const refreshDevices = useCallback(async (): Promise<void> => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    const all = await media.enumerateDevices();
    const inputs = all.filter((device) => device.kind === 'audioinput');
    const named = inputs
      .filter((device) => !ALIASES.has(device.deviceId))
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label || `Microphone ${index + 1}`,
      }));
    setDevices(named);
    setDeviceId((current) => (current === '' || named.some((d) => d.deviceId === current) ? current : ''));
    setStatus((current) => {
      if (inputs.length === 0 && current.state === 'idle')
        return { state: 'no-device', error: NO_MICROPHONE.message };
      if (inputs.length > 0 && current.state === 'no-device') return { state: 'idle' };
      return current;
    });
  }, []);

  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    const refresh = (): void => void refreshDevices().catch(() => undefined);
    refresh();
    return media === undefined ? undefined : listen(media, 'devicechange', refresh);
  }, [refreshDevices]);

  // Unmounting releases the microphone and the audio context, whatever state the take is in.
  useEffect(
    () => () => {
      generation.current += 1;
      void session.current?.cancel();
      session.current = null;
    },
    [],
  );

  const start = useCallback(async (): Promise<void> => {
    if (session.current) return;
    generation.current += 1;
    const mine = generation.current;
    setStatus({ state: 'requesting' });
    setRecording(undefined);
    setFigures(NO_FIGURES);
    try {
      const opened = await RecordingSession.open(deviceId, (next) => {
        if (generation.current === mine) setFigures(next);
      });
      if (generation.current !== mine) {
        await opened.cancel();
        return;
      }
      session.current = opened;
      setStatus({ state: 'recording' });
      // Labels are only listed once access is granted.
      void refreshDevices().catch(() => undefined);
    } catch (error) {
      if (generation.current !== mine) return;
      const problem = error instanceof MicrophoneUnavailable ? error.problem : describeMicrophoneError(error);
      setStatus({ state: problem.state, error: problem.message });
    }
  }, [deviceId, refreshDevices]);

  const stop = useCallback((): void => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    const mine = generation.current;
    setBusy(true);
    current
      .stop()
      .then((take) => {
        if (generation.current !== mine) return;
        setRecording(take);
        setFigures((previous) => ({
          ...previous,
          elapsedSeconds: take.decoded.durationSeconds,
          speechSeconds: take.decoded.speechSeconds,
        }));
        setStatus({ state: 'stopped' });
      })
      .catch((error: unknown) => {
        if (generation.current !== mine) return;
        const detail = error instanceof Error ? error.message : String(error);
        setStatus({ state: 'error', error: `The take could not be saved: ${detail}` });
      })
      .finally(() => setBusy(false));
  }, []);

  const reset = useCallback((): void => {
    generation.current += 1;
    void session.current?.cancel();
    session.current = null;
    setRecording(undefined);
    setFigures(NO_FIGURES);
    setBusy(false);
    setStatus({ state: 'idle' });
    void refreshDevices().catch(() => undefined);
  }, [refreshDevices]);

  const trim = useCallback(async (): Promise<TrimOutcome> => {
    if (!recording) return { kind: 'unchanged' };
    const mine = generation.current;
    setBusy(true);
    try {
      const outcome = await trimRecording(recording);
      if (outcome.kind === 'trimmed' && generation.current === mine) {
        setRecording(outcome.recording);
        setFigures((previous) => ({
          ...previous,
          elapsedSeconds: outcome.recording.decoded.durationSeconds,
          speechSeconds: outcome.recording.decoded.speechSeconds,
        }));
      }
      return outcome;
    } finally {
      setBusy(false);
    }
  }, [recording]);

  return {
    state: status.state,
    ...(status.error === undefined ? {} : { error: status.error }),
    devices,
    deviceId,
    setDeviceId,
    start,
    stop,
    reset,
    trim,
    elapsedSeconds: figures.elapsedSeconds,
    liveSpeechSeconds: figures.speechSeconds,
    level: figures.level,
    busy,
    ...(recording === undefined ? {} : { recording }),
  };
}
