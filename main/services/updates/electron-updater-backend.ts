import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppUpdater, ProgressInfo, UpdateDownloadedEvent, UpdateInfo } from 'electron-updater';
import { AppImageUpdater, DebUpdater, MacUpdater, NsisUpdater } from 'electron-updater';
import type { Logger } from '../logging/logger.js';
import { releaseNotesText } from './release-notes.js';
import type { UpdaterBackend, UpdaterEvent } from './updater-backend.js';

interface ElectronUpdaterOptions {
  /** An organisation's generic feed; undefined: the app-update.yml electron-builder wrote (GitHub Releases). */
  feedUrl: string | undefined;
  /** electron-updater runs only in a packaged app unless told otherwise (a feed override in a development build). */
  forceDevUpdateConfig: boolean;
  /** Where a feed override's config file is written (the app's data folder). */
  dataDir: string;
  logger: Logger;
}

/**
 * electron-updater behind UpdaterBackend: the only file that imports it. It downloads a newer version in the
 * background into its own cache folder and verifies it there (sha512 from the feed on every OS; on Windows the
 * installer's Authenticode publisher must match the installed app's, on macOS Squirrel checks the code signature
 * against the running app's designated requirement; Linux has the sha512 only). It never installs at quit
 * (`autoInstallOnAppQuit` false): only `quitAndInstall`, which the user's "Restart to update" leads to.
 */
export class ElectronUpdaterBackend implements UpdaterBackend {
  private readonly updater: AppUpdater;
  private readonly listeners = new Set<(event: UpdaterEvent) => void>();
  private configured: Promise<void> | undefined;
  /** The verified download waiting in electron-updater's cache folder, once there is one. */
  private downloadedFile: string | undefined;

  constructor(private readonly options: ElectronUpdaterOptions) {
    const updater = createPlatformUpdater();
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    updater.forceDevUpdateConfig = options.forceDevUpdateConfig;
    updater.logger = {
      info: (message?: unknown) => options.logger.info(`updater: ${String(message)}`),
      warn: (message?: unknown) => options.logger.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => options.logger.warn(`updater: ${String(message)}`),
    };
    updater.on('checking-for-update', () => this.emit({ type: 'checking' }));
    updater.on('update-available', (info: UpdateInfo) =>
      this.emit({ type: 'available', version: info.version }),
    );
    updater.on('update-not-available', (info: UpdateInfo) =>
      this.emit({ type: 'not-available', version: info.version }),
    );
    updater.on('download-progress', (progress: ProgressInfo) =>
      this.emit({ type: 'progress', percent: progress.percent }),
    );
    updater.on('update-downloaded', (event: UpdateDownloadedEvent) => {
      this.downloadedFile = event.downloadedFile;
      this.emit({ type: 'downloaded', version: event.version, notes: releaseNotesText(event.releaseNotes) });
    });
    updater.on('error', (error: Error) => this.emit({ type: 'error', error }));
    this.updater = updater;
  }

  onEvent(listener: (event: UpdaterEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async check(): Promise<void> {
    try {
      await (this.configured ??= this.configure());
    } catch (error) {
      this.configured = undefined;
      this.emit({ type: 'error', error });
      return;
    }
    try {
      const result = await this.updater.checkForUpdates();
      if (result === null) {
        this.emit({ type: 'error', error: new Error('the updater is not active in this build') });
        return;
      }
      // Download failures arrive as 'error' events; the promise's own rejection is handled by them.
      result.downloadPromise?.catch(() => undefined);
    } catch {
      // electron-updater emitted this failure as an 'error' event before rejecting.
    }
  }

  quitAndInstall(): void {
    // electron-updater's AppImage install deletes the installed file before moving the download in its place: a
    // download gone from the cache meanwhile (a cache cleaner) would leave no app at all. So it is looked for first.
    if (this.downloadedFile !== undefined && !existsSync(this.downloadedFile)) {
      this.emit({
        type: 'error',
        error: new Error(
          `the downloaded update is no longer in its cache folder (${this.downloadedFile}); it is downloaded again at the next check`,
        ),
      });
      return;
    }
    // Silent installer, and the app starts again once it is installed: the user asked for a restart.
    this.updater.quitAndInstall(true, true);
  }

  /**
   * An organisation's generic feed. An installed copy only swaps the feed and keeps reading its own app-update.yml
   * for the rest: on Windows that file's publisherName is what the installer's signature is checked against, and
   * electron-updater skips that check when the file it reads has none. A development build has no app-update.yml,
   * so it gets one written for the feed.
   */
  private async configure(): Promise<void> {
    if (this.options.feedUrl === undefined) return;
    if (!this.options.forceDevUpdateConfig) {
      this.updater.setFeedURL({ provider: 'generic', url: this.options.feedUrl });
      return;
    }
    const configPath = path.join(this.options.dataDir, 'update-feed.yml');
    await mkdir(this.options.dataDir, { recursive: true });
    await writeFile(
      configPath,
      `provider: generic\nurl: ${JSON.stringify(this.options.feedUrl)}\nupdaterCacheDirName: timbre-studio-updater\n`,
    );
    this.updater.updateConfigPath = configPath;
  }

  private emit(event: UpdaterEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** The updater for how this copy was installed: NSIS, a macOS app, a .deb (electron-builder marks it) or AppImage. */
function createPlatformUpdater(): AppUpdater {
  if (process.platform === 'win32') return new NsisUpdater();
  if (process.platform === 'darwin') return new MacUpdater();
  return installedPackageType() === 'deb' ? new DebUpdater() : new AppImageUpdater();
}

function installedPackageType(): string | undefined {
  // Electron sets process.resourcesPath; electron-builder writes `package-type` there in a .deb.
  const resources = (process as { resourcesPath?: string }).resourcesPath;
  if (resources === undefined) return undefined;
  try {
    return readFileSync(path.join(resources, 'package-type'), 'utf8').trim();
  } catch {
    return undefined;
  }
}
