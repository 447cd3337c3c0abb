import type { AudioCodec, OutputFormat } from 'mediabunny';
import type { VideoContainer } from '../../../common/export/video-output.js';

/** The muxer for a container. Its index is written at the end, so nothing of a long video is held in memory for it. */
export async function outputFormatFor(container: VideoContainer): Promise<OutputFormat> {
  const { MovOutputFormat, Mp4OutputFormat, WebMOutputFormat } = await import('mediabunny');
  if (container === 'webm') return new WebMOutputFormat();
  return container === 'mov'
    ? new MovOutputFormat({ fastStart: false })
    : new Mp4OutputFormat({ fastStart: false });
}

/**
 * Why the reference video's own sound cannot ride along as the second audio stream of the container, in a sentence,
 * or null when it can (its packets are copied, never re-encoded: AAC cannot go into a WebM). `codec` null: a codec
 * mediabunny does not name.
 */
export async function originalAudioRefusal(
  fileName: string,
  codec: string | null,
  container: VideoContainer,
): Promise<string | null> {
  if (
    codec !== null &&
    (await outputFormatFor(container)).getSupportedAudioCodecs().includes(codec as AudioCodec)
  )
    return null;
  return `The original audio of “${fileName}” is ${codec ?? 'in an unknown codec'}, which a .${container} file cannot hold: leave out the original audio.`;
}

/** The new soundtrack's codec: AAC, what every player plays in MP4 and MOV; Opus, the one WebM takes beside Vorbis. */
export function soundtrackCodecFor(container: VideoContainer): AudioCodec {
  return container === 'webm' ? 'opus' : 'aac';
}

/**
 * ffmpeg's AAC encoder (what @mediabunny/aac-encoder runs) primes with one frame of 1,024 samples and stamps its
 * first packet with the first sample's time, so unshifted the new voice would be heard 23 ms (at 44.1 kHz) late.
 */
export const AAC_ENCODER_DELAY_FRAMES = 1024;
