import path from 'node:path';
import mimeTypes from 'mime-types';

// Audio-only files are named by their audio type. The registry says video/webm, video/mp4 and audio/x-flac,
// which the service and Chromium's audio element take less well than these.
const AUDIO_BY_EXTENSION: Readonly<Record<string, string>> = {
  webm: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  flac: 'audio/flac',
};
// The registry's first extension for these is a rare one (mpga, oga); files are named the usual way.
const USUAL_EXTENSION: Readonly<Record<string, string>> = {
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
};

/** The media type of a file by its extension (the registry's, from `mime-types`), else octet-stream. */
export function mediaTypeForPath(filePath: string): string {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return AUDIO_BY_EXTENSION[extension] ?? (mimeTypes.lookup(filePath) || 'application/octet-stream');
}

/** The media type as a Content-Type header: text is always UTF-8 here. */
export function contentTypeForPath(filePath: string): string {
  const type = mediaTypeForPath(filePath);
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}

/** The usual extension of a media type, with its dot (".mp3"), or "" when it has none. */
export function extensionForMediaType(mediaType: string): string {
  const extension = USUAL_EXTENSION[mediaType] ?? mimeTypes.extension(mediaType);
  return extension ? `.${extension}` : '';
}
