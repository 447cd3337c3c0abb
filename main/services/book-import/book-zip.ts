import { Inflate } from 'fflate';
import { formatBytes } from '../../../common/text/index.js';

/**
 * A book's zip (EPUB, DOCX) opened without trusting it. A zip bomb is a small file whose parts unpack to
 * gigabytes, and a zip's headers may lie about how large a part is, so: parts are unpacked only when asked for,
 * each against a cap on its own size and one on the whole book, counted while inflating (a header's size is only
 * used to refuse early), and a zip listing more parts than a book has is refused before anything is unpacked.
 */
export const BOOK_ZIP_LIMITS = {
  /**
   * The most one part may unpack to. A whole 100,000-word novel is about 1 MiB of XHTML (or a 3 MiB Word
   * document.xml) and a cover is rarely over 5 MiB: 32 MiB leaves room for a book in one file many times over.
   */
  partBytes: 32 * 1024 * 1024,
  /** The most all the parts read may unpack to together: a 100,000-word book with a cover is 2–8 MiB. */
  bookBytes: 64 * 1024 * 1024,
  /** The most parts the zip may list: a book with a page image per page of a long comic has a few thousand. */
  parts: 10_000,
} as const;

/** A book the import refuses for its size: the message says which limit, why, and what to do. */
export class BookLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookLimitError';
  }
}

// What to do, said after every limit: a genuine book can be saved again or split; a bomb is not one.
const ADVICE =
  'the file is damaged or made to fill memory, so nothing more was unpacked. If it is a real book, save it again from the program that made it, or split it into smaller books';

interface ZipPart {
  /** Compression method: 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedBytes: number;
  /** What the zip says the part unpacks to: used to refuse early, never trusted to allow. */
  declaredBytes: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/**
 * Deflate unpacks to at most ~1,032 times its input. Compressed bytes are handed to the inflater in steps small
 * enough that one step cannot pass the room left under the cap by more than a step's worth of 1 KiB: memory stays
 * within the cap and 1 MiB, while a real book, far from it, goes in steps of 64 KiB.
 */
const DEFLATE_MAX_RATIO = 1032;
const INFLATE_STEP = { min: 1024, max: 64 * 1024 };

export class BookZip {
  /** Bytes unpacked so far, each part counted once however often it is read. */
  private unpackedBytes = 0;
  private readonly counted = new Set<string>();

  /** The parts by name; of two with one name the last, as fflate and JSZip read them. */
  private readonly parts: Map<string, ZipPart>;

  private constructor(
    private readonly bytes: Uint8Array,
    /** Every part the directory lists, twins included. */
    private readonly listed: [string, ZipPart][],
  ) {
    this.parts = new Map(listed);
  }

  /** Reads the zip's directory (not its parts). Throws if it is no zip, or lists more parts than a book has. */
  static open(bytes: Uint8Array): BookZip {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = findEndOfDirectory(bytes, view);
    let count = view.getUint16(end + 10, true);
    let directoryOffset = view.getUint32(end + 16, true);
    if (count === 0xffff || directoryOffset === 0xffffffff) {
      const locator = end - 20;
      if (locator >= 0 && view.getUint32(locator, true) === ZIP64_END_LOCATOR) {
        const zip64End = safeNumber(view.getBigUint64(locator + 8, true));
        if (zip64End + 56 > bytes.length || view.getUint32(zip64End, true) !== ZIP64_END_OF_DIRECTORY) {
          throw new Error('it is not a readable zip archive (its zip64 end of central directory is missing)');
        }
        count = safeNumber(view.getBigUint64(zip64End + 32, true));
        directoryOffset = safeNumber(view.getBigUint64(zip64End + 48, true));
      }
    }
    if (count > BOOK_ZIP_LIMITS.parts) {
      throw new BookLimitError(
        `it holds ${count.toLocaleString('en-US')} files, over the ${BOOK_ZIP_LIMITS.parts.toLocaleString('en-US')} a book may hold: ${ADVICE}`,
      );
    }
    const listed: [string, ZipPart][] = [];
    let at = directoryOffset;
    for (let index = 0; index < count; index += 1) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) {
        throw new Error('it is not a readable zip archive (its central directory is cut short)');
      }
      const flags = view.getUint16(at + 8, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const part: ZipPart = {
        method: view.getUint16(at + 10, true),
        flags,
        compressedBytes: view.getUint32(at + 20, true),
        declaredBytes: view.getUint32(at + 24, true),
        localHeaderOffset: view.getUint32(at + 42, true),
      };
      const name = nameOf(bytes.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
      readZip64Extra(view, at + 46 + nameLength, extraLength, part);
      listed.push([name, part]);
      at += 46 + nameLength + extraLength + commentLength;
    }
    return new BookZip(bytes, listed);
  }

  /** The name under which the zip holds `name`, as written or with its %-escapes decoded (an href's form). */
  find(name: string): string | undefined {
    if (this.parts.has(name)) return name;
    try {
      const decoded = decodeURIComponent(name);
      return this.parts.has(decoded) ? decoded : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Refuses before unpacking anything if the zip's own sizes for these parts (those it holds) are already over
   * the limits: an honest bomb is turned away at once. A lying one is caught while it is read.
   */
  expect(names: readonly string[]): void {
    const found = new Set(names.map((name) => this.find(name)).filter((name) => name !== undefined));
    checkDeclared([...found].map((name) => [name, this.parts.get(name)!]));
  }

  /** A part, unpacked within the limits; undefined if the zip does not hold it. */
  read(name: string): Uint8Array | undefined {
    const found = this.find(name);
    const part = found === undefined ? undefined : this.parts.get(found);
    if (found === undefined || part === undefined) return undefined;
    const firstRead = !this.counted.has(found);
    const chunks: Uint8Array[] = [];
    const size = this.unpack(found, part, firstRead ? this.unpackedBytes : 0, (chunk) => chunks.push(chunk));
    if (firstRead) {
      this.counted.add(found);
      this.unpackedBytes += size;
    }
    return concat(chunks, size);
  }

  /**
   * Unpacks every part once, keeping nothing, within the same limits: for a reader that opens the zip itself
   * (mammoth, through JSZip) and so must only be given one that is known to stay within them.
   */
  verifyAll(): void {
    checkDeclared(this.listed);
    let unpacked = 0;
    for (const [name, part] of this.listed) unpacked += this.unpack(name, part, unpacked);
  }

  /**
   * Inflates a part, handing its bytes to `keep` as they come and counting them: past the part's cap, or past
   * the book's once `before` bytes of it are unpacked, it stops and refuses. Returns the part's size.
   */
  private unpack(name: string, part: ZipPart, before: number, keep?: (chunk: Uint8Array) => void): number {
    if (part.flags & 1) throw new Error(`its part ${name} is encrypted`);
    const fits = (size: number): boolean =>
      size <= BOOK_ZIP_LIMITS.partBytes && before + size <= BOOK_ZIP_LIMITS.bookBytes;
    // What the zip says is only used to refuse early; what comes out of the inflater is what is counted.
    const overLimit = (size: number, declared: boolean): BookLimitError =>
      size > BOOK_ZIP_LIMITS.partBytes
        ? partTooLarge(name, declared ? size : undefined)
        : bookTooLarge(declared ? before + size : undefined);
    if (!fits(part.declaredBytes)) throw overLimit(part.declaredBytes, true);
    const packed = this.packedBytes(name, part);
    if (part.method === 0) {
      if (!fits(packed.length)) throw overLimit(packed.length, true);
      keep?.(packed);
      return packed.length;
    }
    if (part.method !== 8) {
      throw new Error(`its part ${name} is packed with zip method ${part.method} (only deflate is read)`);
    }
    let size = 0;
    const inflater = new Inflate((chunk) => {
      size += chunk.length;
      if (!fits(size)) throw overLimit(size, false);
      keep?.(chunk);
    });
    try {
      const room = Math.min(BOOK_ZIP_LIMITS.partBytes, BOOK_ZIP_LIMITS.bookBytes - before);
      let at = 0;
      do {
        const step = Math.floor((room - size) / DEFLATE_MAX_RATIO);
        const end = Math.min(
          at + Math.max(INFLATE_STEP.min, Math.min(INFLATE_STEP.max, step)),
          packed.length,
        );
        inflater.push(packed.subarray(at, end), end === packed.length);
        at = end;
      } while (at < packed.length);
    } catch (error) {
      if (error instanceof BookLimitError) throw error;
      throw new Error(
        `its part ${name} cannot be unpacked (${error instanceof Error ? error.message : String(error)})`,
        { cause: error },
      );
    }
    return size;
  }

  /** Where the part's packed bytes are: after its local header, whose name and extra field may differ in length
   * from the directory's. */
  private packedBytes(name: string, part: ZipPart): Uint8Array {
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength);
    const header = part.localHeaderOffset;
    if (header + 30 > this.bytes.length || view.getUint32(header, true) !== LOCAL_HEADER) {
      throw new Error(`its part ${name} is not where the zip's directory says`);
    }
    const start = header + 30 + view.getUint16(header + 26, true) + view.getUint16(header + 28, true);
    if (start + part.compressedBytes > this.bytes.length) throw new Error(`its part ${name} is cut short`);
    return this.bytes.subarray(start, start + part.compressedBytes);
  }
}

/** Refuses parts whose sizes, as the zip states them, are over a part's cap or together over the book's. */
function checkDeclared(parts: [string, ZipPart][]): void {
  let total = 0;
  for (const [name, part] of parts) {
    if (part.declaredBytes > BOOK_ZIP_LIMITS.partBytes) throw partTooLarge(name, part.declaredBytes);
    total += part.declaredBytes;
  }
  if (total > BOOK_ZIP_LIMITS.bookBytes) throw bookTooLarge(total);
}

/** A part over its cap: by what the zip says it unpacks to (`declared`), or as found while unpacking it. */
function partTooLarge(name: string, declared?: number): BookLimitError {
  const size =
    declared === undefined
      ? `unpacks to more than ${formatBytes(BOOK_ZIP_LIMITS.partBytes)}`
      : `would unpack to ${formatBytes(declared)}`;
  return new BookLimitError(
    `its part ${name} ${size}, over the ${formatBytes(BOOK_ZIP_LIMITS.partBytes)} one part of a book may hold: ${ADVICE}`,
  );
}

/** The parts read over the book's cap together: by what the zip says (`declared`), or as found unpacking them. */
function bookTooLarge(declared?: number): BookLimitError {
  const size =
    declared === undefined
      ? `unpack to more than ${formatBytes(BOOK_ZIP_LIMITS.bookBytes)}`
      : `would unpack to ${formatBytes(declared)}`;
  return new BookLimitError(
    `the parts of it that are read ${size} together, over the ${formatBytes(BOOK_ZIP_LIMITS.bookBytes)} a whole book may hold: ${ADVICE}`,
  );
}

/** The end of central directory record: the last one, within the 64 KiB a zip comment may take before the end. */
function findEndOfDirectory(bytes: Uint8Array, view: DataView): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Error('it is not a readable zip archive (no end of central directory found)');
}

/** A zip64 size or offset as a number; none in a file the import may read comes near 2^53. */
function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('it is not a readable zip archive (a zip64 field is out of range)');
  return Number(value);
}

/** The zip64 extra field's 8-byte values replace, in this order, whichever 32-bit fields are 0xFFFFFFFF. */
function readZip64Extra(view: DataView, start: number, length: number, part: ZipPart): void {
  for (let at = start; at + 4 <= start + length;) {
    const id = view.getUint16(at, true);
    const size = view.getUint16(at + 2, true);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size)
          throw new Error('it is not a readable zip archive (a zip64 field is cut short)');
        const value = safeNumber(view.getBigUint64(field, true));
        field += 8;
        return value;
      };
      if (part.declaredBytes === 0xffffffff) part.declaredBytes = next();
      if (part.compressedBytes === 0xffffffff) part.compressedBytes = next();
      if (part.localHeaderOffset === 0xffffffff) part.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** A part's name: UTF-8 when the zip says so (flag 11) or when it is valid UTF-8 (many tools don't say), else
 * the old DOS code page read as Latin-1, as fflate does. */
function nameOf(bytes: Uint8Array, utf8: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return utf8 ? new TextDecoder('utf-8').decode(bytes) : new TextDecoder('latin1').decode(bytes);
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}
