import type { ByteSink } from '../encode/byte-sink.js';
import type { StagedFile } from '../output/staged-file.js';
import { updateCrc32 } from './crc32.js';

// Audio does not compress with deflate: entries are stored, which lets them stream straight through.
const METHOD_STORED = 0;
const VERSION = 20;
// "Made by" Unix: unzip then takes names as they are (UTF-8, flagged) instead of converting them from a
// DOS code page, and extracts files with ordinary permissions (rw-r--r--).
const MADE_BY_UNIX = (3 << 8) | VERSION;
const UNIX_FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
const UTF8_NAMES = 1 << 11;
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const LIMIT_32 = 0xffffffff;

interface EntryRecord {
  readonly name: Uint8Array;
  readonly offset: number;
  readonly crc: number;
  readonly size: number;
}

/**
 * A store-only zip written by hand, streaming: each entry's local header is written with zero CRC and
 * size, the data follows, and the header is patched once the entry is complete. Entries must not
 * rewrite their own bytes (the CRC is computed as they pass). No Zip64: the archive must stay under
 * 4 GiB and 65535 entries, which is checked.
 */
export class StoreZipWriter {
  private readonly entries: EntryRecord[] = [];
  private readonly dosTime: number;
  private readonly dosDate: number;

  constructor(
    private readonly file: StagedFile,
    now: Date = new Date(),
  ) {
    this.dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
    this.dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  /** Starts an entry; write its bytes to the returned sink, then call `close()` on it. */
  openEntry(name: string): ByteSink & { close(): void } {
    if (this.entries.length >= 0xffff)
      throw new Error('zip: more than 65535 entries need Zip64, which is not written');
    const encodedName = new TextEncoder().encode(name);
    const offset = this.file.bytesWritten;
    this.file.write(this.localHeader(encodedName, 0, 0));
    let crc = 0;
    let size = 0;
    let closed = false;
    return {
      write: (bytes) => {
        if (closed) throw new Error(`zip entry ${name}: already closed`);
        crc = updateCrc32(crc, bytes);
        size += bytes.length;
        if (this.file.bytesWritten + bytes.length > LIMIT_32)
          throw new Error('zip: the archive would exceed 4 GiB, which needs Zip64');
        this.file.write(bytes);
      },
      writeAt: () => {
        throw new Error(`zip entry ${name}: bytes cannot be rewritten once checksummed`);
      },
      close: () => {
        closed = true;
        this.file.writeAt(this.localHeader(encodedName, crc, size), offset);
        this.entries.push({ name: encodedName, offset, crc, size });
      },
    };
  }

  /** Writes the central directory; the caller then seals and publishes the file. */
  finish(): void {
    const directoryOffset = this.file.bytesWritten;
    for (const entry of this.entries) this.file.write(this.centralHeader(entry));
    const directorySize = this.file.bytesWritten - directoryOffset;
    const end = new Uint8Array(22);
    const view = new DataView(end.buffer);
    view.setUint32(0, END_OF_CENTRAL, true);
    view.setUint16(8, this.entries.length, true);
    view.setUint16(10, this.entries.length, true);
    view.setUint32(12, directorySize, true);
    view.setUint32(16, directoryOffset, true);
    this.file.write(end);
  }

  private localHeader(name: Uint8Array, crc: number, size: number): Uint8Array {
    const header = new Uint8Array(30 + name.length);
    const view = new DataView(header.buffer);
    view.setUint32(0, LOCAL_HEADER, true);
    view.setUint16(4, VERSION, true);
    view.setUint16(6, UTF8_NAMES, true);
    view.setUint16(8, METHOD_STORED, true);
    view.setUint16(10, this.dosTime, true);
    view.setUint16(12, this.dosDate, true);
    view.setUint32(14, crc, true);
    view.setUint32(18, size, true);
    view.setUint32(22, size, true);
    view.setUint16(26, name.length, true);
    header.set(name, 30);
    return header;
  }

  private centralHeader(entry: EntryRecord): Uint8Array {
    const header = new Uint8Array(46 + entry.name.length);
    const view = new DataView(header.buffer);
    view.setUint32(0, CENTRAL_HEADER, true);
    view.setUint16(4, MADE_BY_UNIX, true);
    view.setUint16(6, VERSION, true);
    view.setUint16(8, UTF8_NAMES, true);
    view.setUint16(10, METHOD_STORED, true);
    view.setUint16(12, this.dosTime, true);
    view.setUint16(14, this.dosDate, true);
    view.setUint32(16, entry.crc, true);
    view.setUint32(20, entry.size, true);
    view.setUint32(24, entry.size, true);
    view.setUint16(28, entry.name.length, true);
    view.setUint32(38, UNIX_FILE_ATTRIBUTES, true);
    view.setUint32(42, entry.offset, true);
    header.set(entry.name, 46);
    return header;
  }
}
