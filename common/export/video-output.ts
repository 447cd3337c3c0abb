import { z } from 'zod';

/**
 * The containers a video export writes. The picture is copied, never re-encoded, and MP4 and MOV hold every picture
 * codec Chromium plays (H.264, HEVC, VP8, VP9, AV1), with the new soundtrack as AAC. WebM would need an Opus encoder
 * in Node, which the app does not have yet: a WebM source is exported as MP4 (its picture and, if kept, its Opus
 * sound copied unchanged).
 */
export const videoContainerSchema = z.enum(['mp4', 'mov']);
export type VideoContainer = z.infer<typeof videoContainerSchema>;

/** What the "video with the new soundtrack" export writes besides the picture. */
export const videoOutputSchema = z.strictObject({
  container: videoContainerSchema,
  /** Keep the video's own sound as a second, labelled audio stream (its packets copied). */
  keepOriginalAudio: z.boolean(),
});
export type VideoOutput = z.infer<typeof videoOutputSchema>;

/** The container a path's extension names: MOV for .mov, else MP4. */
export function containerForVideoPath(videoPath: string): VideoContainer {
  return /\.mov$/iu.test(videoPath) ? 'mov' : 'mp4';
}
