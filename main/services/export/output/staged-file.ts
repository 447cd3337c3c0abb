import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { syncDirectorySync } from '../../storage/atomic-file.js';
import { writingTo } from './writing-to.js';

/**
 * An output file that only appears under its real name once it is complete: it is written under a
 * hidden temporary name in the same folder (so the final rename is atomic), synced to disk, then renamed.
 * discard() removes the temporary file; nothing half-written is ever left under the real name.
 * A file-system failure (a full disk, a folder gone or replaced by a file) is thrown as a sentence naming the
 * file the user asked for, never the hidden temporary name or a bare code like ENOSPC.
 */
export class StagedFile {
  private descriptor: number | undefined;
  private position = 0;

  private constructor(
    readonly finalPath: string,
    readonly tempPath: string,
  ) {
    this.descriptor = this.writing(() => openSync(tempPath, 'wx', 0o644));
  }

  /** Opens `tempPath` (or a fresh temporary name next to `finalPath`) for writing. */
  static create(finalPath: string, tempPath: string = stagingPathFor(finalPath)): StagedFile {
    return new StagedFile(finalPath, tempPath);
  }

  get bytesWritten(): number {
    return this.position;
  }

  /** Appends bytes. */
  write(bytes: Uint8Array): void {
    const descriptor = this.fd();
    let offset = 0;
    this.writing(() => {
      while (offset < bytes.length) {
        offset += writeSync(descriptor, bytes, offset, bytes.length - offset, this.position + offset);
      }
    });
    this.position += bytes.length;
  }

  /** Moves past `bytes` that another writer put at the current position (a second thread, through its own handle). */
  skip(bytes: number): void {
    this.position += bytes;
  }

  /** Overwrites bytes already written (a header patched at the end). */
  writeAt(bytes: Uint8Array, position: number): void {
    if (position + bytes.length > this.position)
      throw new Error('writeAt: can only overwrite bytes already written');
    const descriptor = this.fd();
    let offset = 0;
    this.writing(() => {
      while (offset < bytes.length)
        offset += writeSync(descriptor, bytes, offset, bytes.length - offset, position + offset);
    });
  }

  /** Syncs the data to disk and closes the file, still under its temporary name. */
  seal(): void {
    const descriptor = this.fd();
    this.writing(() => fsyncSync(descriptor));
    this.descriptor = undefined;
    this.writing(() => closeSync(descriptor));
  }

  /** Moves the sealed file to its real name and syncs the folder so the rename survives a power cut. */
  publish(): void {
    if (this.descriptor !== undefined) this.seal();
    this.writing(() => {
      renameSync(this.tempPath, this.finalPath);
      syncDirectorySync(path.dirname(this.finalPath));
    });
  }

  /** Closes and deletes the temporary file; safe to call more than once and after a failure. */
  discard(): void {
    if (this.descriptor !== undefined) {
      try {
        closeSync(this.descriptor);
      } catch {
        // Already closed by a failed write: the file is removed below either way.
      }
      this.descriptor = undefined;
    }
    rmSync(this.tempPath, { force: true });
  }

  /** Runs a file-system call, telling its failure as the user's file (see the class comment). */
  private writing<T>(call: () => T): T {
    return writingTo(this.finalPath, call);
  }

  private fd(): number {
    if (this.descriptor === undefined) throw new Error(`${this.tempPath} is already closed`);
    return this.descriptor;
  }
}

/** A hidden temporary name in the same folder as `finalPath`, so the final rename stays on one file system. */
export function stagingPathFor(finalPath: string): string {
  const folder = path.dirname(finalPath);
  return path.join(folder, `.${path.basename(finalPath)}.${randomBytes(6).toString('hex')}.partial`);
}

/** Whether `name` is of the form stagingPathFor gives: `.<final name>.<12 hex digits>.partial`. */
export function isStagingName(name: string): boolean {
  return /^\..+\.[0-9a-f]{12}\.partial$/su.test(name);
}
