import { PassThrough, type Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { ByteSink } from '../encode/byte-sink.js';
import type { StagedFile } from '../output/staged-file.js';

/** An entry being written: its bytes go to `write`; `close` ends it. Entries are written one at a time. */
export type ZipEntrySink = ByteSink & { close(): void };

// Extracted files get ordinary permissions (rw-r--r--) on Unix.
const REGULAR_FILE_MODE = 0o100644;

/**
 * A streaming zip of stored entries (audio does not shrink under deflate), written by yazl into a
 * staged file. yazl switches to Zip64 by itself when the archive passes 4 GiB or 65534 entries, and
 * writes names as flagged UTF-8.
 */
export class StreamingZipWriter {
  private readonly written: Promise<void>;
  private openEntryName: string | undefined;

  /** yazl is loaded here, on first use, not at the app's start-up. */
  static async open(file: StagedFile, mtime?: Date, forceZip64?: boolean): Promise<StreamingZipWriter> {
    const { ZipFile } = await import('yazl');
    return new StreamingZipWriter(new ZipFile(), file, mtime, forceZip64);
  }

  private constructor(
    private readonly zip: ZipFile,
    file: StagedFile,
    private readonly mtime: Date = new Date(),
    private readonly forceZip64 = false,
  ) {
    // yazl's typings say ReadableStream; it is a Node Readable (a PassThrough).
    const output = this.zip.outputStream as Readable;
    this.written = new Promise((resolve, reject) => {
      output.on('data', (chunk: Buffer) => {
        try {
          file.write(chunk);
        } catch (error) {
          // A full disk: stop reading so the export fails instead of buffering the rest.
          output.destroy(error as Error);
        }
      });
      output.once('end', resolve);
      output.once('error', reject);
    });
    // Until finish() awaits it, a failure is reported there, not as an unhandled rejection.
    this.written.catch(() => undefined);
  }

  /** Starts the next entry. The previous one must be closed first: yazl writes entries in order. */
  openEntry(name: string): ZipEntrySink {
    if (this.openEntryName !== undefined)
      throw new Error(`zip entry ${name}: ${this.openEntryName} is still being written`);
    this.openEntryName = name;
    const content = new PassThrough();
    this.zip.addReadStream(content, name, {
      compress: false,
      mtime: this.mtime,
      mode: REGULAR_FILE_MODE,
      forceZip64Format: this.forceZip64,
    });
    return {
      write: (bytes) => {
        if (this.openEntryName !== name) throw new Error(`zip entry ${name}: already closed`);
        content.write(bytes);
      },
      writeAt: () => {
        throw new Error(`zip entry ${name}: bytes cannot be rewritten once they are streamed`);
      },
      close: () => {
        this.openEntryName = undefined;
        content.end();
      },
    };
  }

  /** Writes the central directory and resolves once every byte is in the staged file. */
  async finish(): Promise<void> {
    this.zip.end({ forceZip64Format: this.forceZip64, comment: '' });
    await this.written;
  }
}
