import type { TimbreClient } from '../../common/ipc/api.js';

/** 768 KiB per chunk: under the contract's 1 MiB cap once base64-encoded, few enough round trips for 100 MB. */
const chunkBytes = 768 * 1024;

/**
 * Sends a file to main in ordered chunks (the same way in Electron and the browser shell), reporting progress.
 * Returns the staging id a later call (e.g. voices.create) refers to.
 */
export async function stageFile(
  client: TimbreClient,
  file: { blob: Blob; fileName: string; mediaType: string },
  onProgress: (sentBytes: number, totalBytes: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  const total = file.blob.size;
  const { stagingId } = await client.invoke('staging.begin', {
    fileName: file.fileName,
    mediaType: file.mediaType,
    sizeBytes: total,
  });
  try {
    for (let offset = 0; offset < total; offset += chunkBytes) {
      signal?.throwIfAborted();
      const bytes = new Uint8Array(await file.blob.slice(offset, offset + chunkBytes).arrayBuffer());
      await client.invoke('staging.append', { stagingId, offset, data: toBase64(bytes) });
      onProgress(Math.min(offset + bytes.length, total), total);
    }
    await client.invoke('staging.finish', { stagingId });
    return stagingId;
  } catch (error) {
    await client.invoke('staging.discard', { stagingId }).catch(() => undefined);
    throw error;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}
