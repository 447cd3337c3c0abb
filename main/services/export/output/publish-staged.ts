import { existsSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectorySync } from '../../storage/atomic-file.js';
import { writingToAsync } from './writing-to.js';

/**
 * Moves an export made in a staging folder into place beside `target`: refused, naming every file in the way, when
 * one exists and the user did not choose Replace; the files that go beside it (subtitles, chapters) first and the
 * main file (a book, a video) last, so a file under its name always has its companions; then the folder synced.
 * Returns where the companions went, in their order.
 */
export async function publishStaged(
  staged: { readonly main: string; readonly besides: readonly string[] },
  target: string,
  overwrite: boolean,
): Promise<string[]> {
  const folder = path.dirname(target);
  const finalBesides = staged.besides.map((file) => path.join(folder, path.basename(file)));
  if (!overwrite) {
    const taken = [...finalBesides, target].filter((file) => existsSync(file));
    if (taken.length > 0) {
      throw new Error(`${taken.join(', ')} already exist${taken.length === 1 ? 's' : ''}: choose Replace.`);
    }
  }
  for (const [index, file] of staged.besides.entries()) {
    await writingToAsync(finalBesides[index]!, () => rename(file, finalBesides[index]!));
  }
  await writingToAsync(target, () => rename(staged.main, target));
  syncDirectorySync(folder);
  return finalBesides;
}
