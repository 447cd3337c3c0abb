import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { IpcError } from '../../../common/ipc/errors.js';

export interface StagedFile {
  stagingId: string;
  path: string;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
}

interface OpenStaging extends StagedFile {
  handle: FileHandle;
  written: number;
  finished: boolean;
}

/** Staged files older than this are removed at start-up: an upload abandoned by a crash. */
const abandonedAfterMs = 24 * 60 * 60 * 1000;

/**
 * Receives a file from the renderer in ordered chunks and keeps it on disk in main, so a voice prompt can be
 * uploaded to the service from a file (streamed, retried, resumed after a restart) whichever shell carried it.
 * Sizes are checked at every step; a staging that does not add up is refused, never half-used.
 */
export class UploadStaging {
  private readonly open = new Map<string, OpenStaging>();

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  /** Removes stagings left behind by an earlier run. */
  async sweep(now = Date.now()): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > abandonedAfterMs) await rm(file, { force: true });
      }),
    );
  }

  async begin(input: {
    fileName: string;
    mediaType: string;
    sizeBytes: number;
  }): Promise<{ stagingId: string }> {
    if (input.sizeBytes > this.maxBytes) {
      throw new IpcError({
        code: 'INVALID_INPUT',
        field: 'sizeBytes',
        message: `${input.fileName} is ${formatMegabytes(input.sizeBytes)}; the service accepts at most ${formatMegabytes(this.maxBytes)}.`,
      });
    }
    await mkdir(this.dir, { recursive: true });
    const stagingId = randomUUID();
    const filePath = path.join(this.dir, `${stagingId}.part`);
    const handle = await open(filePath, 'wx', 0o600);
    this.open.set(stagingId, { stagingId, path: filePath, handle, written: 0, finished: false, ...input });
    return { stagingId };
  }

  async append(stagingId: string, offset: number, bytes: Uint8Array): Promise<{ receivedBytes: number }> {
    const staging = this.require(stagingId);
    if (staging.finished) throw this.refuse('stagingId', 'is already finished');
    if (offset !== staging.written) {
      throw this.refuse('offset', `must be ${staging.written} (chunks arrive in order), got ${offset}`);
    }
    if (staging.written + bytes.length > staging.sizeBytes) {
      await this.discard(stagingId);
      throw this.refuse(
        'data',
        `goes past the declared size of ${staging.sizeBytes} bytes; the upload was discarded`,
      );
    }
    await staging.handle.write(bytes, 0, bytes.length, offset);
    staging.written += bytes.length;
    return { receivedBytes: staging.written };
  }

  async finish(stagingId: string): Promise<StagedFile> {
    const staging = this.require(stagingId);
    if (staging.written !== staging.sizeBytes) {
      throw this.refuse(
        'stagingId',
        `holds ${staging.written} of ${staging.sizeBytes} bytes; send the rest first`,
      );
    }
    if (!staging.finished) {
      await staging.handle.sync();
      await staging.handle.close();
      staging.finished = true;
    }
    return this.describe(staging);
  }

  /** A finished staging, for the call that uploads it. */
  finished(stagingId: string, field: string): StagedFile {
    const staging = this.open.get(stagingId);
    if (!staging?.finished) {
      throw new IpcError({
        code: 'NOT_FOUND',
        field,
        message: `The file for ${field} was not received completely. Add it again.`,
      });
    }
    return this.describe(staging);
  }

  async discard(stagingId: string): Promise<void> {
    const staging = this.open.get(stagingId);
    if (!staging) return;
    this.open.delete(stagingId);
    if (!staging.finished) await staging.handle.close().catch(() => undefined);
    await rm(staging.path, { force: true });
  }

  /** Forgets a staging whose file now belongs to someone else (a persisted job), without deleting it. */
  release(stagingId: string): void {
    this.open.delete(stagingId);
  }

  private describe(staging: OpenStaging): StagedFile {
    const { stagingId, path: filePath, fileName, mediaType, sizeBytes } = staging;
    return { stagingId, path: filePath, fileName, mediaType, sizeBytes };
  }

  private require(stagingId: string): OpenStaging {
    const staging = this.open.get(stagingId);
    if (!staging)
      throw new IpcError({
        code: 'NOT_FOUND',
        field: 'stagingId',
        message: 'This upload is unknown or was discarded. Add the file again.',
      });
    return staging;
  }

  private refuse(field: string, rule: string): IpcError {
    return new IpcError({ code: 'INVALID_INPUT', field, message: `"${field}" ${rule}` });
  }
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
