import { Mime } from 'mime/lite';
import otherTypes from 'mime/types/other.js';
import standardTypes from 'mime/types/standard.js';

// Audio-only files are named by their audio type. The registry says video/webm, video/mp4 and audio/x-flac,
// which the service and Chromium's audio element take less well than these.
const mime = new Mime(standardTypes, otherTypes).define(
  { 'audio/webm': ['webm'], 'audio/mp4': ['m4a', 'mp4'], 'audio/flac': ['flac'] },
  true,
);

/** The media type of a file by its extension (the registry's, from the `mime` package), else octet-stream. */
export function mediaTypeForPath(filePath: string): string {
  return mime.getType(filePath) ?? 'application/octet-stream';
}

/** The media type as a Content-Type header: text is always UTF-8 here. */
export function contentTypeForPath(filePath: string): string {
  const type = mediaTypeForPath(filePath);
  return type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
}

/** The usual extension of a media type, with its dot (".mp3"), or "" when it has none. */
export function extensionForMediaType(mediaType: string): string {
  const extension = mime.getExtension(mediaType);
  return extension ? `.${extension}` : '';
}
