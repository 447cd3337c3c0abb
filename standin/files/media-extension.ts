import { open } from 'node:fs/promises';

const EXTENSION_OF_MEDIA_TYPE: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'application/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

const SIGNATURES: { bytes: number[]; offset?: number; extension: string }[] = [
  { bytes: [0x52, 0x49, 0x46, 0x46], extension: 'wav' },
  { bytes: [0x49, 0x44, 0x33], extension: 'mp3' },
  { bytes: [0x4f, 0x67, 0x67, 0x53], extension: 'ogg' },
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], extension: 'webm' },
  { bytes: [0x66, 0x4c, 0x61, 0x43], extension: 'flac' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], extension: 'png' },
  { bytes: [0xff, 0xd8, 0xff], extension: 'jpg' },
  { bytes: [0x66, 0x74, 0x79, 0x70], offset: 4, extension: 'm4a' },
];

/**
 * The file extension to serve an upload under (it decides the Content-Type): from the declared media type, else
 * from the file's first bytes, else `bin`.
 */
export async function extensionForUpload(filePath: string, mediaType: string): Promise<string> {
  const declared = EXTENSION_OF_MEDIA_TYPE[mediaType.split(';')[0]?.trim().toLowerCase() ?? ''];
  if (declared) return declared;
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const found = SIGNATURES.find((signature) =>
      signature.bytes.every(
        (byte, index) =>
          index + (signature.offset ?? 0) < bytesRead && head[index + (signature.offset ?? 0)] === byte,
      ),
    );
    if (found) return found.extension;
    // MPEG audio frames without an ID3 tag start with an 11-bit sync word.
    if (bytesRead >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
    return 'bin';
  } finally {
    await handle.close();
  }
}
