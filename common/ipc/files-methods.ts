import { z } from 'zod';
import { method } from './define.js';

/** An absolute path on this OS or another (main checks it again against what the user chose). */
export const absolutePathSchema = z
  .string()
  .min(1, 'is required')
  .max(4096, 'must be at most 4096 characters')
  .refine(
    (value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/u.test(value),
    'must be an absolute path (e.g. /home/me/Episode.wav or C:\\Users\\me\\Episode.wav)',
  );
/**
 * What the browser shell's chooser picks: a file to save (a name in a folder), a folder, or an existing video file
 * to open as a project's reference video (MP4, MOV, M4V, WebM; granted for reading only).
 */
export const chooserKindSchema = z.enum(['save-file', 'folder', 'open-video']);
export type ChooserKind = z.infer<typeof chooserKindSchema>;
const choiceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/u, 'must be a choice id from files.openChooser');

export interface FolderListing {
  folder: string;
  /** The folder above, or null at the top of the file system. */
  parent: string | null;
  /** The user's home folder, to jump back to. */
  home: string;
  entries: { name: string; kind: 'folder' | 'file' }[];
  /** The folder asked for when it does not exist yet: `folder` is then its nearest existing ancestor. */
  missing?: string;
}

/** Places the user chooses (the OS dialog, or the browser shell's chooser window) and the file manager. */
export const filesMethods = {
  /** The OS folder dialog where the shell has one; null in the browser shell (it uses `files.openChooser`). */
  'files.chooseFolder': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  /**
   * The browser shell's stand-in for the OS dialogs: main opens a choice and answers the address of its chooser,
   * a page of its own on another origin (so this page cannot script it), which the page opens in a window. Only
   * the user's click there chooses, and only that choice is granted. Refused in Electron (it has real dialogs).
   */
  'files.openChooser': method<{ choiceId: string; url: string }>()(
    // No initialPath: the chooser starts in the user's home folder (a first video has no folder to start from).
    z.object({ kind: chooserKindSchema, initialPath: absolutePathSchema.optional() }).strict(),
  ),
  /**
   * Waits for the user's answer in the chooser window: the path chosen (which main may now write: the file, or
   * inside the folder), or null when the user cancelled, closed the window or never answered.
   */
  'files.chooserAnswer': method<{ path: string | null }>()(z.object({ choiceId: choiceIdSchema }).strict()),
  /** The page gave up waiting (its dialog closed): the choice ends with no grant. */
  'files.closeChooser': method<null>()(z.object({ choiceId: choiceIdSchema }).strict()),
  /**
   * Shows a file (or folder) in the system file manager: an export the user made, or the data folder. Where the
   * shell has no file manager to open (the browser shell), `revealed` is false and the page shows the path.
   */
  'files.reveal': method<{ revealed: boolean }>()(z.object({ path: absolutePathSchema }).strict()),
};
