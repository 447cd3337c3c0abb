import { fileNameOf } from './video-file.js';

/**
 * A project's video that cannot be played here (moved, deleted, or never chosen on this machine): the rest of the
 * project stays as it is and fully editable; locating the file replaces only its path.
 */
export function MissingVideo({
  path,
  problem,
  busy,
  onLocate,
}: {
  path: string;
  /** Main could not say where the file is (a sentence of its own), rather than that it is gone. */
  problem: string | null;
  busy: boolean;
  onLocate(): void;
}) {
  return (
    <div className="video-panel-frame video-missing" role="alert" data-testid="video-missing">
      <p data-testid="video-missing-message">
        {problem ?? `The video “${fileNameOf(path)}” is not where it was (${path}).`}
      </p>
      <button type="button" data-testid="video-locate" disabled={busy} onClick={onLocate}>
        Locate it…
      </button>
    </div>
  );
}
