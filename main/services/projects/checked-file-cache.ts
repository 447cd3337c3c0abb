import type { Project } from '../../../common/project/project-schema.js';
import type { FileStamp } from '../storage/file-stamp.js';

/** Reading a project this large again costs more than keeping it: ~60 ms per 10,000 blocks of parsing and checks. */
const DEFAULT_BUDGET_BYTES = 32 * 1024 * 1024;

interface CheckedFile {
  readonly bytes: Buffer;
  readonly project: Project;
  /** The file's stamp when these bytes were read, if it held still meanwhile (file-stamp.ts). */
  readonly stamp: FileStamp | undefined;
}

/**
 * Projects the list has just read and checked, kept for the open that usually follows: opening a 10,000-block
 * audiobook parsed and checked its 7 MB file again (~250 ms) although listing it had done so a moment before.
 * An entry stands only for the exact bytes it was read from, and goes once taken. The newest entries are kept up
 * to a budget of file bytes, so a library of large books costs a bounded amount of memory.
 */
export class CheckedFileCache {
  private readonly entries = new Map<string, CheckedFile>();
  private bytesHeld = 0;

  constructor(private readonly budgetBytes = DEFAULT_BUDGET_BYTES) {}

  keep(fileName: string, bytes: Buffer, project: Project, stamp?: FileStamp): void {
    this.forget(fileName);
    if (bytes.length > this.budgetBytes) return;
    this.entries.set(fileName, { bytes, project, stamp });
    this.bytesHeld += bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytesHeld <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytesHeld -= entry.bytes.length;
    }
  }

  /** The project read from exactly these bytes, if kept (and forgets it: the caller now owns that version). */
  take(fileName: string, bytes: Buffer): Project | undefined {
    const entry = this.entries.get(fileName);
    this.forget(fileName);
    return entry?.bytes.equals(bytes) === true ? entry.project : undefined;
  }

  /**
   * The bytes and project kept for a file that still has the stamp they were read at, without reading it again
   * (and forgets them, as take does).
   */
  takeStamped(fileName: string, stamp: FileStamp): { bytes: Buffer; project: Project } | undefined {
    const entry = this.entries.get(fileName);
    if (entry?.stamp === undefined || entry.stamp !== stamp) return undefined;
    this.forget(fileName);
    return { bytes: entry.bytes, project: entry.project };
  }

  forget(fileName: string): void {
    const entry = this.entries.get(fileName);
    if (entry === undefined) return;
    this.entries.delete(fileName);
    this.bytesHeld -= entry.bytes.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
