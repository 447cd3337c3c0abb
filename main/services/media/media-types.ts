/**
 * Content types the cache serves as they are. Everything else (HTML, scripts, JSON…) is served as
 * `application/octet-stream`: the cache answers from the app's own origin, and a remote page served as
 * `text/html` there would run with the app's privileges.
 */
const ALLOWED_TYPES =
  /^(audio\/[a-z0-9.+-]+|video\/(webm|mp4|ogg)|application\/ogg|image\/(png|jpeg|gif|webp|avif|svg\+xml))$/;

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

const EXTENSIONS: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/ogg': 'ogg',
  'application/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/**
 * The type to store and serve: the remote's declared type when it is a media type we serve, else what the
 * first bytes show (servers often say `application/octet-stream` for audio), else the fallback.
 */
export function chooseContentType(declared: string | null, firstBytes: Uint8Array): string {
  const base = (declared ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (ALLOWED_TYPES.test(base)) return base;
  return sniffContentType(firstBytes) ?? FALLBACK_CONTENT_TYPE;
}

/** Recognises the audio and image formats the app meets by their signatures. */
export function sniffContentType(bytes: Uint8Array): string | undefined {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes[0] === 0xff && bytes[1] !== undefined && (bytes[1] & 0xe0) === 0xe0) return 'audio/mpeg';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'audio/webm';
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 4) === 'GIF8') return 'image/gif';
  return undefined;
}

/** A file extension for the cached copy, so tools that go by the name (ffmpeg, a file manager) recognise it. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}
