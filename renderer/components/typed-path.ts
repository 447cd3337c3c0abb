/**
 * Whether a path the user typed must be confirmed in main's chooser window before it is used. In the browser
 * shell main writes only where the user picked in that window or inside the default export folder, so a typed
 * path elsewhere is opened there for the user to confirm instead of being sent only to be refused. Electron's
 * shell keeps its behaviour (the system dialog is where places are chosen there).
 */
export function typedPathNeedsChooser(options: {
  shell: 'electron' | 'browser' | undefined;
  /** Typed since the last choice (a chosen or default path needs no confirming). */
  typed: boolean;
  defaultFolder: string | null;
  typedPath: string;
}): boolean {
  const { shell, typed, defaultFolder, typedPath } = options;
  return (
    shell === 'browser' && typed && !(defaultFolder !== null && isInsideFolder(defaultFolder, typedPath))
  );
}

/** Whether `filePath` is `folder` or inside it, written alike (main still checks, after resolving links). */
function isInsideFolder(folder: string, filePath: string): boolean {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  const prefix = folder.endsWith(separator) ? folder : `${folder}${separator}`;
  return filePath === folder || filePath.startsWith(prefix);
}
