import type { ChooserKind } from '../../common/ipc/files-methods.js';
import type { CliCommandSetup } from '../services/cli-install/cli-command-setup.js';

/** A place the user picked in the browser shell's chooser, and what kind of place it was asked to be. */
export interface ChosenPlace {
  kind: ChooserKind;
  path: string;
}

/**
 * The browser shell's stand-in for the OS dialogs: a chooser main serves on an origin of its own, so the page
 * that asked cannot script it. Only the user's pick there answers a choice.
 */
export interface PathChooser {
  /** Starts a choice at `initialPath`, else in the home folder; the page opens `url` in a window. */
  open(kind: ChooserKind, initialPath: string | undefined): { choiceId: string; url: string };
  /** The user's pick, or null once they cancel, close the chooser or let it expire. */
  answer(choiceId: string): Promise<ChosenPlace | null>;
  /** Ends a choice with no pick (the page gave up waiting). */
  cancel(choiceId: string): void;
}

/** A kind of file a save dialog offers, e.g. { name: 'Zip archive', extensions: ['zip'] } (without dots). */
export interface SaveFileType {
  name: string;
  extensions: readonly string[];
}

/**
 * What main-process services need from the operating system. The Electron shell implements it with Electron's
 * APIs; the browser shell with plain Node and events the page turns into in-app equivalents.
 */
export interface Platform {
  readonly shell: 'electron' | 'browser';
  readonly appVersion: string;
  /** The app's data folder (settings, jobs, projects, caches, logs). */
  readonly dataDir: string;
  /** The user's Downloads folder as the OS names it (it may not exist); absent: nothing to suggest but home. */
  readonly downloadsDir?: string;
  /** Shows a system notification (or an in-app one where the shell has none). */
  notify(title: string, body: string): void;
  /** Taskbar/dock progress, 0..1, or null to clear it. */
  setProgress(fraction: number | null): void;
  /** Moves a file to the OS trash where there is one. */
  trashItem(filePath: string): Promise<void>;
  /**
   * Asks where to save a file with the OS dialog, offering `fileType` where given (macOS and Windows then add its
   * extension to a name typed without one; Linux's dialog may not); null when the user cancels or the shell has
   * no dialog (the browser shell: the page asks for a path instead).
   */
  chooseSavePath(suggestedPath: string, fileType?: SaveFileType): Promise<string | null>;
  /** Asks for a folder with the OS dialog; null when cancelled or where there is none (the browser shell). */
  chooseFolder(suggestedPath: string): Promise<string | null>;
  /**
   * Asks for a video file (MP4, MOV, M4V, WebM) with the OS open dialog; null when cancelled. Absent where the
   * shell has no OS dialog (the browser shell: the page opens main's chooser with the `open-video` kind).
   */
  chooseVideoFile?(suggestedPath: string | undefined): Promise<string | null>;
  /** Adds a file to the OS's recent documents (jump list, dock menu); nothing where there is no such list. */
  noteRecentDocument(filePath: string): void;
  /** Whether the app's window currently has focus (notifications only when it does not). */
  isFocused(): boolean;
  /** Shows a file in the system file manager; absent where the shell cannot (the browser shell). */
  revealInFolder?(filePath: string): void;
  /** Main's own chooser where the shell has no OS dialogs (the browser shell); absent in Electron. */
  readonly chooser?: PathChooser | undefined;
  /** The `timbre` command of this install and how it gets on the PATH; absent: run from a checkout (npx timbre). */
  readonly cliCommand?: CliCommandSetup;
}
