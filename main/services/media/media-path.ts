/** Audio and image extensions a remote file's name may carry into its app-local path. */
const KNOWN_EXTENSION = /\.(mp3|wav|ogg|opus|oga|flac|m4a|aac|webm|png|jpe?g|webp)$/i;
const MEDIA_PATH = /^\/media\/([A-Za-z0-9_-]+)(?:\.[a-z0-9]{1,5})?$/;

/**
 * The app-local path of a cached remote file: `/media/<id>` plus the remote name's extension when it has a known
 * one. Players such as howler pick a decoder from the extension and refuse a URL without one, so it is kept; the
 * server ignores it and answers with the type the file really has.
 */
export function mediaPathFor(mediaId: string, remoteUrl: string): string {
  return `/media/${mediaId}${extensionOf(remoteUrl)}`;
}

function extensionOf(remoteUrl: string): string {
  try {
    return KNOWN_EXTENSION.exec(new URL(remoteUrl).pathname)?.[0].toLowerCase() ?? '';
  } catch {
    return '';
  }
}

/** The media id in a request path made by `mediaPathFor`, or undefined when the path is not a media path. */
export function mediaIdOfPath(pathname: string): string | undefined {
  return MEDIA_PATH.exec(pathname)?.[1];
}
