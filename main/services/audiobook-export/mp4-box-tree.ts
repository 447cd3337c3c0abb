/** An MP4 box: its four-letter type and either its bytes (a leaf) or its boxes (a container). */
export interface Mp4Box {
  readonly type: string;
  /** A leaf's content after its 8-byte header. */
  payload?: Uint8Array;
  /** A container's boxes. */
  children?: Mp4Box[];
  /** Bytes a container carries before its boxes (`meta`'s version and flags). */
  head?: Uint8Array;
}

/** The boxes this module opens: the path from moov to the tables and tags it rewrites. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'udta', 'edts', 'ilst', 'tref', 'dinf']);
const META_HEAD = 4;

/** The boxes in `bytes` (a box's content), opening the containers this module edits. */
export function parseBoxes(bytes: Uint8Array): Mp4Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Mp4Box[] = [];
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - offset;
    if (size < header || offset + size > bytes.length) {
      throw new Error(`MP4 box at byte ${offset} claims ${size} bytes, past its parent's end`);
    }
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    const content = bytes.subarray(offset + header, offset + size);
    if (CONTAINERS.has(type)) boxes.push({ type, children: parseBoxes(content) });
    else if (type === 'meta') {
      boxes.push({
        type,
        head: content.slice(0, META_HEAD),
        children: parseBoxes(content.subarray(META_HEAD)),
      });
    } else boxes.push({ type, payload: content.slice() });
    offset += size;
  }
  return boxes;
}

/**
 * A box's bytes, its size counted from what it holds now, as the pieces it is made of (headers and the leaves' own payloads, not copied), to be written
 * one after another: a 10-hour book's stsz (6 MB) is then not copied once per level of nesting.
 */
export function boxParts(box: Mp4Box): Uint8Array[] {
  const content = box.children
    ? [box.head ?? new Uint8Array(0), ...box.children.flatMap(boxParts)]
    : [box.payload ?? new Uint8Array(0)];
  const size = 8 + content.reduce((sum, part) => sum + part.length, 0);
  if (size > 0xffffffff) throw new Error(`MP4 box ${box.type} would hold ${size} bytes, past 4 GiB`);
  const header = new Uint8Array(8);
  new DataView(header.buffer).setUint32(0, size);
  for (let index = 0; index < 4; index += 1) header[4 + index] = box.type.charCodeAt(index) & 0xff;
  return [header, ...content];
}

export function leaf(type: string, ...parts: Uint8Array[]): Mp4Box {
  return { type, payload: concatBytes(parts) };
}

export function container(type: string, children: Mp4Box[]): Mp4Box {
  return { type, children };
}

/** The first box of a type among a container's boxes, following a path of types. */
export function findBox(boxes: readonly Mp4Box[], ...types: string[]): Mp4Box | undefined {
  let found: Mp4Box | undefined;
  let level: readonly Mp4Box[] = boxes;
  for (const type of types) {
    found = level.find((box) => box.type === type);
    if (!found) return undefined;
    level = found.children ?? [];
  }
  return found;
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** Big-endian integers, as MP4 writes them. */
export function u8(value: number): Uint8Array {
  return Uint8Array.of(value & 0xff);
}

export function u16(value: number): Uint8Array {
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setUint16(0, value);
  return bytes;
}

export function u32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0);
  return bytes;
}

export function u64(value: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(Math.round(value)));
  return bytes;
}

export function latin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}
