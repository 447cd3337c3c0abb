import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * How much of a project file is read for its title. The app writes projects as indented JSON in the schema's
 * order, where the title is the third key, a few lines in; a title is at most 200 characters (800 bytes in UTF-8).
 */
const HEAD_BYTES = 4096;

/** The title as a key of the file's top-level object, on a line of its own (two spaces in: not a nested key). */
const TITLE_LINE = /^ {2}"title": ("(?:[^"\\\n]|\\.)*"),?\r?$/mu;

/** The opening brace, as the file's first byte: UTF-8 without a byte-order mark, as the app writes projects. */
const OPENING_BRACE = 0x7b;

/**
 * A project file's title, read from the head of the file without reading or checking the rest: what the project
 * list shows for a file it has not counted yet. Undefined when the head does not show it (a file written by
 * another tool, another encoding, or damaged): such a file is then read whole. Never throws.
 */
export async function peekProjectTitle(filePath: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await fs.open(filePath, 'r');
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return titleInHead(head.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The title in the first bytes of a project file, as peekProjectTitle reads it. */
export function titleInHead(head: Uint8Array): string | undefined {
  if (head[0] !== OPENING_BRACE) return undefined;
  const match = TITLE_LINE.exec(new TextDecoder('utf-8').decode(head));
  if (match?.[1] === undefined) return undefined;
  try {
    const title: unknown = JSON.parse(match[1]);
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  }
}
