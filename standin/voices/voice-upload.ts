import { promises as fs } from 'node:fs';
import type { IncomingMessage } from 'node:http';

export type UploadField = 'prompt' | 'avatar';

export interface UploadedFile {
  field: UploadField;
  /** Where the bytes were streamed to (a temp folder of the request). */
  filePath: string;
  mediaType: string;
  bytes: number;
}

/** A voice-creation body, whatever its encoding: small fields parsed, files already on disk. */
export interface VoiceUpload {
  encoding: 'json' | 'multipart';
  fields: Record<string, unknown>;
  files: Partial<Record<UploadField, UploadedFile>>;
}

/**
 * After an early error the rest of the body is read and thrown away, so the client receives the error response
 * instead of a reset connection (the response then closes the connection).
 */
export async function drainRequest(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  await new Promise<void>((resolve) => {
    req.on('end', resolve);
    req.on('close', resolve);
    req.on('error', () => resolve());
    req.resume();
  });
}

export async function removeFolder(folder: string): Promise<void> {
  await fs.rm(folder, { recursive: true, force: true });
}
