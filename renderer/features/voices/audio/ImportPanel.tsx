import type { DragEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { AUDIO_FILE_ACCEPT, mediaTypeForFile } from '../../../../common/audio/media-types.js';
import type { PromptCheck } from '../../../../common/audio/prompt-check.js';
import { checkPromptAudio, checkPromptSize, formatSeconds } from '../../../../common/audio/prompt-check.js';
import { CloneLengthGuide } from './CloneLengthGuide.js';
import { PromptCheckNotes } from './PromptCheckNotes.js';
import { WaveformView } from './WaveformView.js';
import type { DecodedAudio } from './decode-audio.js';
import { AudioDecodeError, decodeAudioFile } from './decode-audio.js';
import { formatSpeech } from './format-audio.js';
import type { PromptAudio } from './prompt-audio.js';
import './voice-audio.css';

export interface ImportPanelProps {
  /** A usable file (decoded, at least 3 s of speech, at most 100 MB). */
  onReady(prompt: PromptAudio): void;
  /** The file last handed to onReady was replaced by another import (which may yet be refused). */
  onCleared?(): void;
}

type ImportStatus =
  | { kind: 'empty' }
  | { kind: 'reading'; fileName: string; progress: number }
  | { kind: 'read'; fileName: string; decoded: DecodedAudio; check: PromptCheck }
  | { kind: 'refused'; fileName: string; reason: string; decoded?: DecodedAudio };

/** Imports a voice sample by drag and drop or file picker, decodes it locally and checks it before upload. */
export function ImportPanel({ onReady, onCleared }: ImportPanelProps) {
  const [status, setStatus] = useState<ImportStatus>({ kind: 'empty' });
  const [dragging, setDragging] = useState(false);
  const [extraFiles, setExtraFiles] = useState(0);
  const headingId = useId();
  const hintId = useId();
  const generation = useRef(0);
  const handedOver = useRef(false);

  const clearHandedOver = (): void => {
    if (!handedOver.current) return;
    handedOver.current = false;
    onCleared?.();
  };

  const importFile = async (file: File): Promise<void> => {
    generation.current += 1;
    const mine = generation.current;
    clearHandedOver();
    const name = `“${file.name}”`;
    // The size is known without reading the file: refuse a big one before spending time decoding it.
    const sizeProblem = checkPromptSize(file.size, name);
    if (sizeProblem !== null) {
      setStatus({ kind: 'refused', fileName: file.name, reason: sizeProblem });
      return;
    }
    setStatus({ kind: 'reading', fileName: file.name, progress: 0 });
    try {
      const decoded = await decodeAudioFile(file, {
        onProgress: (progress) => {
          if (generation.current === mine) setStatus({ kind: 'reading', fileName: file.name, progress });
        },
      });
      if (generation.current !== mine) return;
      const check = checkPromptAudio({
        sizeBytes: file.size,
        durationSeconds: decoded.durationSeconds,
        speechSeconds: decoded.speechSeconds,
      });
      if (!check.ok) {
        setStatus({ kind: 'refused', fileName: file.name, reason: check.problems.join(' '), decoded });
        return;
      }
      setStatus({ kind: 'read', fileName: file.name, decoded, check });
      handedOver.current = true;
      onReady({
        blob: file,
        fileName: file.name,
        mediaType: mediaTypeForFile(file.name, file.type),
        sizeBytes: file.size,
        durationSeconds: decoded.durationSeconds,
        speechSeconds: decoded.speechSeconds,
        source: 'file',
      });
    } catch (error) {
      if (generation.current !== mine) return;
      const reason =
        error instanceof AudioDecodeError
          ? error.message
          : `${name} could not be read: ${error instanceof Error ? error.message : String(error)}`;
      setStatus({ kind: 'refused', fileName: file.name, reason });
    }
  };

  const takeFiles = (files: FileList | File[] | null): void => {
    const list = files ? Array.from(files) : [];
    const first = list[0];
    if (!first) return;
    setExtraFiles(list.length - 1);
    void importFile(first);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>): void => {
    // Without preventDefault the browser opens the dropped file instead of handing it to the page.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    setDragging(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    takeFiles(event.dataTransfer?.files ?? null);
  };

  const decoded = status.kind === 'read' || status.kind === 'refused' ? status.decoded : undefined;
  return (
    <section className="card voice-audio-panel" aria-labelledby={headingId} data-testid="import-panel">
      <h2 id={headingId}>Import a recording</h2>
      <CloneLengthGuide />
      <div
        className="import-dropzone"
        data-testid="import-dropzone"
        data-dragging={dragging}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        aria-busy={status.kind === 'reading'}
      >
        <p>Drop an audio file here, or</p>
        <label className="import-choose">
          Choose a file…
          <input
            type="file"
            className="visually-hidden"
            data-testid="import-input"
            accept={AUDIO_FILE_ACCEPT}
            aria-describedby={hintId}
            onChange={(event) => {
              takeFiles(event.target.files);
              // Picking the same file again after fixing it should import it again.
              event.target.value = '';
            }}
          />
        </label>
        <p className="hint" id={hintId}>
          WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM; at most 100 MB, with at least 3 seconds of speech.
        </p>
      </div>

      <div aria-live="polite">
        {status.kind === 'reading' ? (
          <p className="hint" role="status" data-testid="import-progress">
            Reading “{status.fileName}”… {Math.round(status.progress * 100)}%
          </p>
        ) : null}
        {extraFiles > 0 && status.kind !== 'empty' ? (
          <p className="hint">
            Only “{status.fileName}” was used: a voice is cloned from one file ({extraFiles} more ignored).
          </p>
        ) : null}
      </div>
      {status.kind === 'refused' ? (
        <div className="error-notice" role="alert" data-testid="import-error">
          <p>{status.reason}</p>
        </div>
      ) : null}
      {decoded !== undefined && (status.kind === 'read' || status.kind === 'refused') ? (
        <div className="import-summary" data-testid="import-summary">
          <p>
            <strong>{status.fileName}</strong>
            {': '}
            <span data-testid="prompt-duration">{formatSeconds(decoded.durationSeconds)}</span> of audio,{' '}
            <span data-testid="prompt-speech-seconds">{formatSpeech(decoded.speechSeconds)}</span>
          </p>
          <WaveformView
            samples={decoded.samples}
            label={`Waveform of ${status.fileName}: ${formatSeconds(decoded.durationSeconds)}`}
          />
          {status.kind === 'read' ? <PromptCheckNotes check={status.check} /> : null}
        </div>
      ) : null}
    </section>
  );
}
