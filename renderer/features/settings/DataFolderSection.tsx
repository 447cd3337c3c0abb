import { useState } from 'react';
import { CopyableValue } from '../../components/CopyableValue.js';
import { useAppInfo } from '../../app/use-app-info.js';
import { useAppStores } from '../../stores/stores-context.js';

/**
 * Settings → Where your work is kept: the data folder (projects, the audio cache, voices, logs), to back up or
 * to find a project file. The desktop app opens it in the file manager; the browser shell shows the path to copy.
 */
export function DataFolderSection() {
  const stores = useAppStores();
  const info = useAppInfo();
  const [failed, setFailed] = useState<string | null>(null);
  if (info === null) return null;
  const reveal = (): void => {
    setFailed(null);
    stores.client
      .invoke('files.reveal', { path: info.dataDir })
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)));
  };
  return (
    <section className="card" data-testid="data-folder-section">
      <h2>Where your work is kept</h2>
      <p className="hint">
        Projects, generated audio, voices and logs live in this folder on this computer. Back it up to keep
        your work; Timbre Studio keeps nothing of it anywhere else.
      </p>
      <CopyableValue label="Data folder" value={info.dataDir} testId="data-folder-path" />
      {info.canReveal ? (
        <div className="form-actions">
          <button type="button" data-testid="data-folder-reveal" onClick={reveal}>
            Show in folder
          </button>
        </div>
      ) : null}
      {failed ? (
        <p className="field-error" role="alert">
          {failed}
        </p>
      ) : null}
    </section>
  );
}
