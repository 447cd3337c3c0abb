import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../services/storage/atomic-file.js';

const FILE_NAME = 'browser-shell.json';

const addressSchema = z.object({
  port: z.number().int().min(1).max(65535),
  secret: z.string().min(32).max(200),
});

/**
 * The browser shell's last address (port and page secret), kept in the data folder (readable by its owner
 * only) so the next launch can listen there again. Undefined when there is none or it is unreadable.
 */
export async function readShellAddress(dataDir: string): Promise<z.infer<typeof addressSchema> | undefined> {
  try {
    return addressSchema.parse(JSON.parse(await readFile(path.join(dataDir, FILE_NAME), 'utf8')));
  } catch {
    return undefined;
  }
}

export async function writeShellAddress(dataDir: string, url: string): Promise<void> {
  const parsed = new URL(url);
  const secret = new URLSearchParams(parsed.hash.replace(/^#/, '')).get('secret') ?? '';
  // writeFileAtomic creates files readable by their owner only.
  await writeFileAtomic(path.join(dataDir, FILE_NAME), JSON.stringify({ port: Number(parsed.port), secret }));
}
