import path from 'node:path';
import { containerForVideoPath, pictureContainerRefusal } from '../../../common/export/video-output.js';
import { openUserVideo } from '../video/user-video-input.js';
import { codecName } from '../video/video-probe.js';
import { originalAudioRefusal } from './container-rules.js';

/**
 * Refuses, before anything is rendered, a picture the output's container (its extension's) cannot hold: the picture is copied, never
 * re-encoded, so H.264 or HEVC cannot go into a WebM; nor, when the original sound is kept as a second stream
 * (`keepOriginalAudio`), an original sound it cannot hold (AAC in a WebM), which the remux found only after the
 * whole mix was rendered. Only the video's header is read. (The remux checks again, with the file it copies
 * from.) MP4 and MOV hold every picture and sound the app takes.
 */
export async function checkPictureFitsOutput(
  videoPath: string,
  outputPath: string,
  keepOriginalAudio = false,
): Promise<void> {
  const container = containerForVideoPath(outputPath);
  if (container !== 'webm') return;
  const name = path.basename(videoPath);
  const video = await openUserVideo(videoPath);
  try {
    const codec = await (await video.input.getPrimaryVideoTrack())?.getCodec();
    // No picture, or one in a codec mediabunny does not name: the remux says so in its own words.
    if (codec !== undefined && codec !== null) {
      const refusal = pictureContainerRefusal(name, codec, codecName(codec), container);
      if (refusal !== null) throw new Error(refusal);
    }
    const sound = keepOriginalAudio ? await video.input.getPrimaryAudioTrack() : null;
    const soundRefusal = sound ? await originalAudioRefusal(name, await sound.getCodec(), container) : null;
    if (soundRefusal !== null) throw new Error(soundRefusal);
  } finally {
    await video.close();
  }
}
