import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writingToAsync } from '../export/output/writing-to.js';
import { syncDirectory } from '../storage/atomic-file.js';
import type { EarlierChapters, ManifestChapter } from './chapter-manifest.js';
import { stampOf, stillAsWritten, writeChapterManifest } from './chapter-manifest.js';

/**
 * Records each rendered chapter file's size and time as it stands in `folder` (in place: the chapters are the
 * ones the list will hold), so the next export can tell a file still as written from one changed since.
 */
export async function stampFiles(folder: string, rendered: readonly ManifestChapter[]): Promise<void> {
  for (const chapter of rendered) {
    for (const [index, file] of chapter.files.entries()) {
      const stamp = await stampOf(path.join(folder, file.name));
      if (stamp === undefined) throw new Error(`${file.name} was not written to ${folder}`);
      chapter.files[index] = stamp;
    }
  }
}

/**
 * Updates a folder an earlier chapter export wrote, once every changed chapter is rendered in `staging`: their
 * files are moved in over the old ones (a rename in the same volume, so none is ever half there), the files of
 * chapters the export no longer has are removed (only those still exactly as the earlier export wrote them: a
 * file someone changed since, or anything the list never named, is left alone), and the new list is written
 * last. An update stopped halfway leaves the old list, which no longer matches the replaced files, so the next
 * export renders those again.
 */
export async function publishChapterUpdate(
  folder: string,
  staging: string,
  rendered: readonly ManifestChapter[],
  chapters: readonly ManifestChapter[],
  earlier: EarlierChapters,
): Promise<void> {
  for (const chapter of rendered) {
    for (const file of chapter.files) {
      const target = path.join(folder, file.name);
      await writingToAsync(target, () => rename(path.join(staging, file.name), target));
    }
  }
  await stampFiles(folder, rendered);
  const current = new Set(chapters.flatMap((chapter) => chapter.files.map((file) => file.name)));
  const listed = earlier.kind === 'listed' ? earlier.manifest.chapters : [];
  for (const file of listed.flatMap((chapter) => chapter.files)) {
    if (current.has(file.name) || !(await stillAsWritten(folder, [file]))) continue;
    const gone = path.join(folder, file.name);
    await writingToAsync(gone, () => rm(gone, { force: true }));
  }
  await writeChapterManifest(folder, chapters);
  await syncDirectory(folder);
}
