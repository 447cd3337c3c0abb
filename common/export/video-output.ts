import { z } from 'zod';

/**
 * The containers a video export writes. The picture is copied, never re-encoded. MP4 and MOV hold every picture
 * codec Chromium plays (H.264, HEVC, VP8, VP9, AV1), with the new soundtrack as AAC; WebM holds VP8, VP9 and AV1
 * only, with the new soundtrack as Opus.
 */
export const videoContainerSchema = z.enum(['mp4', 'mov', 'webm']);
export type VideoContainer = z.infer<typeof videoContainerSchema>;

/** What the "video with the new soundtrack" export writes besides the picture. */
export const videoOutputSchema = z.strictObject({
  container: videoContainerSchema,
  /** Keep the video's own sound as a second, labelled audio stream (its packets copied). */
  keepOriginalAudio: z.boolean(),
});
export type VideoOutput = z.infer<typeof videoOutputSchema>;

/** The container a path's extension names: MOV for .mov, WebM for .webm, else MP4. */
export function containerForVideoPath(videoPath: string): VideoContainer {
  if (/\.mov$/iu.test(videoPath)) return 'mov';
  return /\.webm$/iu.test(videoPath) ? 'webm' : 'mp4';
}

/** The picture codecs (mediabunny's names) each container can hold. */
const PICTURE_CODECS: Readonly<Record<VideoContainer, readonly string[]>> = {
  mp4: ['avc', 'hevc', 'vp8', 'vp9', 'av1'],
  mov: ['avc', 'hevc', 'vp8', 'vp9', 'av1'],
  webm: ['vp8', 'vp9', 'av1'],
};

/**
 * Why a video's picture cannot be copied into a container, in a sentence, or null when it can. The picture is never
 * re-encoded, so an H.264 or HEVC picture can only go into MP4 or MOV.
 */
export function pictureContainerRefusal(
  fileName: string,
  codec: string,
  codecLabel: string,
  container: VideoContainer,
): string | null {
  if (PICTURE_CODECS[container].includes(codec)) return null;
  return container === 'webm'
    ? `The video “${fileName}” has ${codecLabel} picture, and a WebM file holds only VP8, VP9 or AV1 picture (the picture is copied, never re-encoded): export it as MP4 or MOV.`
    : `The video “${fileName}” has ${codecLabel} picture, which a .${container} file cannot hold: export it as WebM.`;
}
