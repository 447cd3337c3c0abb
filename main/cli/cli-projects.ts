import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_FILE_EXTENSION } from '../../common/project/index.js';
import { UsageError } from './cli-args.js';

/**
 * The PROJECT arguments as project files, in the order given: a folder stands for the .timbre files directly
 * inside it (sorted by name). Anything else is passed on as it is, so a missing or unreadable file becomes a
 * failed project with its reason in the summary rather than stopping the whole batch.
 */
export async function expandProjectArguments(
  args: readonly string[],
  cwd = process.cwd(),
): Promise<string[]> {
  const files: string[] = [];
  for (const arg of args) {
    const resolved = path.resolve(cwd, arg);
    const stats = await stat(resolved).catch(() => undefined);
    if (!stats?.isDirectory()) {
      files.push(resolved);
      continue;
    }
    const names = (await readdir(resolved))
      .filter((name) => name.endsWith(PROJECT_FILE_EXTENSION) && !name.startsWith('.'))
      .sort((a, b) => a.localeCompare(b, 'en'));
    if (names.length === 0)
      throw new UsageError(`PROJECT ${arg} is a folder with no ${PROJECT_FILE_EXTENSION} files`);
    files.push(...names.map((name) => path.join(resolved, name)));
  }
  return files;
}
