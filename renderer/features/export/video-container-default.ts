import { containerForVideoPath } from '../../../common/export/video-output.js';
import type { ExportForm } from './export-form.js';

/**
 * The container a video export opens on, from the reference video's: a WebM source (VP8, VP9 or AV1 picture) goes
 * back into WebM, its picture copied and the new soundtrack in Opus; an MP4 or MOV source (H.264) never opens on
 * WebM, which cannot hold its picture, and keeps the MP4 or MOV the user last chose.
 */
export function withSourceContainer(form: ExportForm, videoPath: string | undefined): ExportForm {
  if (videoPath === undefined) return form;
  if (containerForVideoPath(videoPath) === 'webm') {
    return form.videoContainer === 'webm' ? form : { ...form, videoContainer: 'webm' };
  }
  return form.videoContainer === 'webm' ? { ...form, videoContainer: 'mp4' } : form;
}
