import { useEffect, useState } from 'react';
import type { CliStatus } from '../../../common/ipc/cli-methods.js';
import { CopyableValue } from '../../components/CopyableValue.js';
import { useAppStores } from '../../stores/stores-context.js';

/** Where the command is, in a sentence: on the PATH, installed, or how to get it there. */
function pathText(status: CliStatus): string {
  const install = status.install;
  if (install?.state === 'foreign') {
    return `${install.commandPath} belongs to another program (${install.foreign ?? 'not ours'}); Timbre Studio leaves it alone. Remove or rename it to install timbre there.`;
  }
  if (status.onPathAt !== null) return `On your PATH: ${status.onPathAt}. Type timbre in a terminal.`;
  if (install?.state === 'installed' && !install.folderOnPath) {
    return `Installed as ${install.commandPath}, but its folder is not on your PATH: add it (for example in ~/.profile) to type just timbre.`;
  }
  if (install?.state === 'installed')
    return `Installed as ${install.commandPath}; new terminal windows know timbre.`;
  return `Not on your PATH. ${status.note}`;
}

/**
 * Settings → Command line tool: the `timbre` command's version (the app's) and where it is, whether it is on the
 * PATH, Install/Uninstall where the app puts it there itself (macOS, an AppImage), and the command to type.
 */
export function CommandLineSection() {
  const stores = useAppStores();
  const [status, setStatus] = useState<CliStatus | null>(null);
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    stores.client
      .invoke('cli.status')
      .then(setStatus)
      .catch((error: unknown) => stores.notices.getState().showError(error));
  }, [stores]);

  if (status === null) return null;
  const change = (method: 'cli.install' | 'cli.uninstall'): void => {
    setFailed(null);
    setWorking(true);
    stores.client
      .invoke(method)
      .then(setStatus)
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : String(error)))
      .finally(() => setWorking(false));
  };
  const install = status.install;
  const ours = install?.state === 'installed' || install?.state === 'stale';
  return (
    <section className="card" data-testid="cli-section">
      <h2>Command line tool</h2>
      <p className="hint">
        timbre exports projects from a terminal or a script, with the app&apos;s services and data folder (
        <code>timbre --help</code>).
      </p>
      <p>
        Version <span data-testid="cli-version">{status.version}</span>
      </p>
      {status.launcherPath !== null ? (
        <CopyableValue label="Launcher" value={status.launcherPath} testId="cli-launcher" />
      ) : null}
      <p className="hint" data-testid="cli-path" role="status">
        {pathText(status)}
      </p>
      <CopyableValue label="Type" value={status.command} testId="cli-command" />
      {install !== null ? (
        <div className="form-actions">
          <button
            type="button"
            data-testid="cli-install"
            disabled={working || install.state === 'installed' || install.state === 'foreign'}
            onClick={() => change('cli.install')}
          >
            {install.state === 'stale' ? "Repair 'timbre' command" : "Install 'timbre' command"}
          </button>
          {ours ? (
            <button
              type="button"
              data-testid="cli-uninstall"
              disabled={working}
              onClick={() => change('cli.uninstall')}
            >
              Uninstall
            </button>
          ) : null}
        </div>
      ) : null}
      {failed !== null ? (
        <p className="field-error" role="alert" data-testid="cli-failed">
          {failed}
        </p>
      ) : null}
    </section>
  );
}
