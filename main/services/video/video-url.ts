import path from 'node:path';
import { VIDEO_FILE_EXTENSIONS } from '../../../common/ipc/video-methods.js';

const VIDEO_PATH = /^\/media\/video\/([A-Za-z0-9_-]{43})(?:\.[a-z0-9]{1,4})?$/u;

/**
 * The app-local path a granted video is played from: `/media/video/<id>` plus its extension, under /media so the
 * browser shell's media session cookie covers it. The media cache's own `/media/<id>` never has a second slash.
 */
export function videoUrlPath(videoId: string, filePath: string): string {
  const extension = path.extname(filePath).toLowerCase();
  return `/media/video/${videoId}${/^\.[a-z0-9]{1,4}$/u.test(extension) ? extension : ''}`;
}

/** The video id in a request path made by `videoUrlPath`, or undefined for any other path. */
export function videoIdOfUrlPath(pathname: string): string | undefined {
  return VIDEO_PATH.exec(pathname)?.[1];
}

/**
 * The type a reference video is served with. MOV is QuickTime, the container MP4 grew from: Chromium plays it
 * as MP4, and `video/quicktime` it may refuse by type alone.
 */
export function videoContentType(filePath: string): string {
  return path.extname(filePath).toLowerCase() === '.webm' ? 'video/webm' : 'video/mp4';
}

/** Whether a file is named as a reference video (MP4, MOV, M4V, WebM), as the OS dialog's filter and the chooser ask. */
export function hasVideoExtension(fileName: string): boolean {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  return (VIDEO_FILE_EXTENSIONS as readonly string[]).includes(extension);
}
