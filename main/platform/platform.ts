/**
 * What main-process services need from the operating system. The Electron shell implements it with Electron's
 * APIs; the browser shell with plain Node and events the page turns into in-app equivalents.
 */
export interface Platform {
  readonly shell: 'electron' | 'browser';
  readonly appVersion: string;
  /** The app's data folder (settings, jobs, projects, caches, logs). */
  readonly dataDir: string;
  /** Shows a system notification (or an in-app one where the shell has none). */
  notify(title: string, body: string): void;
  /** Taskbar/dock progress, 0..1, or null to clear it. */
  setProgress(fraction: number | null): void;
  /** Moves a file to the OS trash where there is one. */
  trashItem(filePath: string): Promise<void>;
  /**
   * Asks where to save a file with the OS dialog; null when the user cancels or the shell has no dialog (the
   * browser shell: the page asks for a path instead).
   */
  chooseSavePath(suggestedPath: string): Promise<string | null>;
  /** Asks for a folder with the OS dialog; null when cancelled or where there is none (the browser shell). */
  chooseFolder(suggestedPath: string): Promise<string | null>;
  /** Adds a file to the OS's recent documents (jump list, dock menu); nothing where there is no such list. */
  noteRecentDocument(filePath: string): void;
  /** Whether the app's window currently has focus (notifications only when it does not). */
  isFocused(): boolean;
  /** Shows a file in the system file manager; absent where the shell cannot (the browser shell). */
  revealInFolder?(filePath: string): void;
}
