/** What the update library reports, in the app's own words (the Electron backend translates its events). */
export type UpdaterEvent =
  | { type: 'checking' }
  | { type: 'available'; version: string }
  | { type: 'not-available'; version: string }
  | { type: 'progress'; percent: number }
  /** The update is downloaded and its checksum (and, per OS, signature) verified; notes are plain text. */
  | { type: 'downloaded'; version: string; notes: string }
  | { type: 'error'; error: unknown };

/**
 * The seam between UpdateService and the update library (electron-updater in the Electron shell), so the service
 * runs and is tested without Electron. A backend downloads a newer version by itself and never installs it
 * unless `quitAndInstall` is called.
 */
export interface UpdaterBackend {
  /** Asks the feed once; a newer version starts downloading in the background. Failures arrive as events. */
  check(): Promise<void>;
  onEvent(listener: (event: UpdaterEvent) => void): () => void;
  /** Quits the app and installs the downloaded update; called only once the app's services are stopped. */
  quitAndInstall(): void;
}
