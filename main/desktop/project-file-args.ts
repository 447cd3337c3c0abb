import path from 'node:path';

const projectExtension = '.timbre';

/**
 * The project files named on a command line (how Windows and Linux hand a double-clicked file to the app, and
 * how a second launch passes its file to the first). Flags and the executable/app path are skipped; relative
 * paths are resolved against the launching process's working directory.
 */
export function projectPathsFromArgv(argv: readonly string[], cwd: string): string[] {
  const found: string[] = [];
  for (const arg of argv.slice(1)) {
    if (arg.startsWith('-')) continue;
    if (path.extname(arg).toLowerCase() !== projectExtension) continue;
    const resolved = path.resolve(cwd, arg);
    if (!found.includes(resolved)) found.push(resolved);
  }
  return found;
}
