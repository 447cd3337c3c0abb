import { open } from 'node:fs/promises';

/** A box header: its size, then its four-letter type. */
const HEADER = 8;
/** The hdlr box's name field starts after version/flags, pre_defined, handler_type and three reserved words. */
const HDLR_NAME_OFFSET = HEADER + 4 + 4 + 4 + 12;

/**
 * Writes each audio track's label into its `hdlr` name, in place, in track order. mediabunny names every sound
 * handler "MediabunnySoundHandler" and puts the track's name only in `udta/name`, which ffmpeg-based players (and
 * ffprobe, as `handler_name`) do not read; they read the handler's name. The label is written over the old name and
 * the rest of the field is filled with NULs (the name is a C string), so no box changes size and no offset moves.
 * A label longer than the field is cut to fit (the udta name keeps it whole).
 */
export async function labelSoundHandlers(filePath: string, labels: readonly string[]): Promise<void> {
  const handle = await open(filePath, 'r+');
  try {
    const { size } = await handle.stat();
    const moov = await findTopLevelBox(handle, size, 'moov');
    if (moov === undefined) throw new Error(`${filePath} has no moov box to label its audio tracks in`);
    const bytes = new Uint8Array(moov.size);
    await handle.read(bytes, 0, moov.size, moov.start);
    const names = soundHandlerNameFields(bytes);
    for (const [index, label] of labels.entries()) {
      const field = names[index];
      if (field === undefined) break;
      const patch = new Uint8Array(field.length);
      const encoded = new TextEncoder().encode(label).subarray(0, field.length - 1);
      patch.set(encoded);
      await handle.write(patch, 0, patch.length, moov.start + field.start);
    }
  } finally {
    await handle.close();
  }
}

interface Span {
  start: number;
  size: number;
}

async function findTopLevelBox(
  handle: Awaited<ReturnType<typeof open>>,
  fileSize: number,
  type: string,
): Promise<Span | undefined> {
  const header = new Uint8Array(16);
  let offset = 0;
  while (offset + HEADER <= fileSize) {
    await handle.read(header, 0, 16, offset);
    const view = new DataView(header.buffer);
    let size = view.getUint32(0);
    if (size === 1) size = Number(view.getBigUint64(8));
    else if (size === 0) size = fileSize - offset;
    if (size < HEADER) return undefined;
    if (typeString(header, 4) === type) return { start: offset, size };
    offset += size;
  }
  return undefined;
}

/** The name fields (offset in moov, length) of the `soun` handlers of moov/trak/mdia/hdlr, in track order. */
function soundHandlerNameFields(moov: Uint8Array): { start: number; length: number }[] {
  const fields: { start: number; length: number }[] = [];
  for (const trak of children(moov, HEADER, moov.length, 'trak')) {
    for (const mdia of children(moov, trak.start + HEADER, trak.start + trak.size, 'mdia')) {
      for (const hdlr of children(moov, mdia.start + HEADER, mdia.start + mdia.size, 'hdlr')) {
        if (typeString(moov, hdlr.start + HEADER + 8) !== 'soun') continue;
        const length = hdlr.size - HDLR_NAME_OFFSET;
        if (length > 1) fields.push({ start: hdlr.start + HDLR_NAME_OFFSET, length });
      }
    }
  }
  return fields;
}

function children(bytes: Uint8Array, from: number, to: number, type: string): Span[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Span[] = [];
  let offset = from;
  while (offset + HEADER <= to) {
    const size = view.getUint32(offset);
    if (size < HEADER || offset + size > to) break;
    if (typeString(bytes, offset + 4) === type) found.push({ start: offset, size });
    offset += size;
  }
  return found;
}

function typeString(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}
