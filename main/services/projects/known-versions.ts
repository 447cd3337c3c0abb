import type { Project } from '../../../common/project/index.js';
import type { FileStamp } from '../storage/file-stamp.js';

/** The project main last read or wrote in a file, and its revision: the base a patch is applied to. */
export interface KnownVersion {
  project: Project;
  revision: number;
  migratedFrom?: number;
}

/**
 * What each project file held when ProjectService last read or wrote it: the guard against overwriting a file
 * something else changed, and the versions patches apply to. Revisions count up across all files.
 */
export class KnownVersions {
  /**
   * What each file held when this service last read or wrote it, byte for byte: the guard against overwriting.
   * Bytes, not text: comparing two 7 MB buffers costs ~1 ms, decoding and comparing two strings ~60 ms.
   */
  private readonly knownBytes = new Map<string, Buffer>();
  /**
   * The file's stamp (file-stamp.ts) when its known bytes were read or written: while the file keeps it, it still
   * holds them, and opening or saving compares the stamp instead of reading the file (a 7.5 MB audiobook took
   * 27–59 ms to read, mostly the pages of a fresh buffer).
   */
  private readonly knownStamps = new Map<string, FileStamp>();
  private readonly knownVersion = new Map<string, KnownVersion>();
  private lastRevision = 0;

  bytesOf(fileName: string): Buffer | undefined {
    return this.knownBytes.get(fileName);
  }

  versionOf(fileName: string): KnownVersion | undefined {
    return this.knownVersion.get(fileName);
  }

  /** Whether the file's stamp now is the one its known bytes were read or written with: it still holds them. */
  stampUnchanged(fileName: string, stampNow: FileStamp | undefined): boolean {
    return stampNow !== undefined && this.knownStamps.get(fileName) === stampNow;
  }

  /** Notes what the file now holds (and its stamp, when known); answers the version's revision. */
  remember(
    fileName: string,
    bytes: Buffer,
    project: Project,
    migratedFrom?: number,
    stamp?: FileStamp,
  ): number {
    this.knownBytes.set(fileName, bytes);
    if (stamp === undefined) this.knownStamps.delete(fileName);
    else this.knownStamps.set(fileName, stamp);
    this.lastRevision += 1;
    this.knownVersion.set(fileName, {
      project,
      revision: this.lastRevision,
      ...(migratedFrom === undefined ? {} : { migratedFrom }),
    });
    return this.lastRevision;
  }

  forget(fileName: string): void {
    this.knownBytes.delete(fileName);
    this.knownStamps.delete(fileName);
    this.knownVersion.delete(fileName);
  }
}
