import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProjectCover } from '../../../common/project/project-metadata.js';

/** A book's cover is kept up to this size; a bigger file is almost certainly not a cover (players cap artwork). */
const MAX_COVER_BYTES = 10 * 1024 * 1024;

/**
 * The covers of imported books, one file per image named by its SHA-256 (`<hash>.jpg` / `.png`) in one folder, so
 * a project names its cover without carrying its bytes and copies of a project share it. Files are never changed
 * once written, only added.
 */
export class CoverStore {
  constructor(readonly dir: string) {}

  /** How a project names the image, without keeping it yet; a cover over 10 MB is not kept (undefined). */
  nameOf(cover: { mime: ProjectCover['mime']; bytes: Uint8Array }): ProjectCover | undefined {
    if (cover.bytes.byteLength > MAX_COVER_BYTES) return undefined;
    return { mime: cover.mime, sha256: createHash('sha256').update(cover.bytes).digest('hex') };
  }

  /** Keeps the image (once) and returns how a project names it; a cover over 10 MB is not kept. */
  async save(cover: { mime: ProjectCover['mime']; bytes: Uint8Array }): Promise<ProjectCover | undefined> {
    const named = this.nameOf(cover);
    if (named === undefined) return undefined;
    const target = this.pathOf(named);
    if (existsSync(target)) return named;
    await fs.mkdir(this.dir, { recursive: true });
    // Written beside and renamed, so a reader never sees half an image.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, cover.bytes);
    await fs.rename(temporary, target);
    return named;
  }

  pathOf(cover: ProjectCover): string {
    return path.join(this.dir, `${cover.sha256}${cover.mime === 'image/png' ? '.png' : '.jpg'}`);
  }

  /** The cover's file, if it is still there. */
  existingPath(cover: ProjectCover): string | undefined {
    const file = this.pathOf(cover);
    return existsSync(file) ? file : undefined;
  }
}
