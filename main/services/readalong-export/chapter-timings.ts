import type { RenderPlan } from '../../../common/export/render-plan.js';
import { renderedSourceKey } from '../../../common/export/render-plan.js';
import { timeReadAlong, type TimedBlock } from '../../../common/readalong/readalong-timing.js';
import { PcmCache, type CachedSource } from '../export/decode/pcm-cache.js';
import { withDetectedSilences } from '../export/subtitles/subtitle-files.js';

/**
 * The timed blocks of a file just exported from `plan`: the export decoded every take into the PCM cache and
 * found the silences in it there, so the text is timed exactly as the file's subtitles are (each take where it sits
 * in the file, its pauses matched to its punctuation), without decoding anything again.
 */
export async function timedBlocksOf(
  plan: RenderPlan,
  pcmCacheDir: string,
  audioEndMs: number,
): Promise<TimedBlock[]> {
  const cache = new PcmCache(pcmCacheDir);
  const decoded = new Map<string, CachedSource>();
  try {
    for (const clip of plan.clips) {
      const key = renderedSourceKey(clip);
      if (decoded.has(key)) continue;
      const entry = await cache.lookup(key, plan.sampleRate);
      if (entry) decoded.set(key, entry);
    }
  } finally {
    cache.close();
  }
  return timeReadAlong(withDetectedSilences(plan, decoded), audioEndMs);
}
