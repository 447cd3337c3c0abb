import { stat } from 'node:fs/promises';
import path from 'node:path';
import { hasVideoExtension } from '../services/video/video-url.js';

/**
 * Why a path picked in the chooser as a reference video cannot be one, as a sentence; null when it is an
 * existing file with a video extension (what it holds is checked when main probes it). Only the path's own
 * stat is read: nothing is opened here.
 */
export async function chosenVideoProblem(filePath: string): Promise<string | null> {
  const name = `“${path.basename(filePath)}”`;
  if (!hasVideoExtension(filePath)) {
    return `${name} is not a video file: choose an MP4, MOV, M4V or WebM file.`;
  }
  try {
    if (!(await stat(filePath)).isFile()) return `${name} is not a file: choose a video file.`;
  } catch {
    return `${name} does not exist in ${path.dirname(filePath)}: choose a video file that is there.`;
  }
  return null;
}
