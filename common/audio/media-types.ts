/** The audio formats the importer accepts (Chromium decodes all of them), by file extension. */
export const AUDIO_MEDIA_TYPES_BY_EXTENSION = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
} as const;

const AUDIO_FILE_EXTENSIONS = Object.keys(AUDIO_MEDIA_TYPES_BY_EXTENSION).map((extension) => `.${extension}`);

/** For an `<input accept>`: any audio type, plus the extensions some systems report without a type. */
export const AUDIO_FILE_ACCEPT = ['audio/*', ...AUDIO_FILE_EXTENSIONS].join(',');

/**
 * The media type to upload a file with: the extension's type for the formats above (systems disagree on types
 * such as `video/webm` or `audio/x-m4a` for audio-only files), else the type the system reported, else
 * `application/octet-stream`.
 */
export function mediaTypeForFile(fileName: string, reportedType = ''): string {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (extension in AUDIO_MEDIA_TYPES_BY_EXTENSION) {
    return AUDIO_MEDIA_TYPES_BY_EXTENSION[extension as keyof typeof AUDIO_MEDIA_TYPES_BY_EXTENSION];
  }
  return reportedType.trim() !== '' ? reportedType : 'application/octet-stream';
}
