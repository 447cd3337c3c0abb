/*
 * The picture's clock: frames as an editor counts them. Pure, so the sync and the timecode are tested without a
 * <video> element.
 */

/** When the container does not tell its frame rate: PAL's 25 fps, the reference rate. */
const FALLBACK_FRAME_RATE = 25;

/** The frame rate to count in: the video's own when it is a sensible number, else 25 fps. */
function frameRateOf(frameRate: number | undefined): number {
  return frameRate !== undefined && Number.isFinite(frameRate) && frameRate >= 1 && frameRate <= 240
    ? frameRate
    : FALLBACK_FRAME_RATE;
}

/** One frame's length in milliseconds (40 ms at 25 fps): the sync's tolerance. */
export function frameMs(frameRate: number | undefined): number {
  return 1000 / frameRateOf(frameRate);
}

/**
 * A time as `HH:MM:SS:FF`, frames counted at the video's rate (rounded up to whole frames a second, as 29.97 fps
 * counts 30 frames a second in non-drop timecode). The frame is the one showing at that time: 39 ms at 25 fps is
 * still frame 00. Anything below zero, or not a number, reads 00:00:00:00.
 */
export function formatFrameTimecode(ms: number, frameRate: number | undefined): string {
  const rate = frameRateOf(frameRate);
  const framesPerSecond = Math.ceil(rate - 1e-6);
  // A hair over a frame boundary (floating point) still counts as that frame.
  const totalFrames = Number.isFinite(ms) && ms > 0 ? Math.floor((ms * rate) / 1000 + 1e-6) : 0;
  const seconds = Math.floor(totalFrames / rate + 1e-9);
  // The second's first frame is the first whose time is inside it (29.97 fps: not always a whole number).
  const frames = Math.min(framesPerSecond - 1, totalFrames - Math.ceil(seconds * rate - 1e-6));
  const two = (value: number): string => String(Math.max(0, value)).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}:${two(frames)}`;
}
