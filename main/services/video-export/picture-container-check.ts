import path from 'node:path';
import { containerForVideoPath, pictureContainerRefusal } from '../../../common/export/video-output.js';
import { openUserVideo } from '../video/user-video-input.js';
import { codecName } from '../video/video-probe.js';

/**
 * Refuses, before anything is rendered, a picture the output's container (its extension's) cannot hold: the picture is copied, never
 * re-encoded, so H.264 or HEVC cannot go into a WebM. Only the video's header is read. (The remux checks again,
 * with the file it copies from.) MP4 and MOV hold every picture the app takes.
 */
export async function checkPictureFitsOutput(videoPath: string, outputPath: string): Promise<void> {
  const container = containerForVideoPath(outputPath);
  if (container !== 'webm') return;
  const video = await openUserVideo(videoPath);
  try {
    const codec = await (await video.input.getPrimaryVideoTrack())?.getCodec();
    // No picture, or one in a codec mediabunny does not name: the remux says so in its own words.
    if (codec === undefined || codec === null) return;
    const refusal = pictureContainerRefusal(path.basename(videoPath), codec, codecName(codec), container);
    if (refusal !== null) throw new Error(refusal);
  } finally {
    await video.close();
  }
}
