import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { espeakVoiceFor } from '../audio/espeak-language.js';
import { encodeSamples } from '../audio/ffmpeg.js';
import { synthesizeSpeech } from '../audio/speech-synthesis.js';
import type { FileSpace } from '../files/file-space.js';
import type { AudioFormat } from '../options.js';
import type { VoiceRecord } from '../state/schema.js';
import { MARKET_VOICES } from './market-voices.js';

/**
 * Renders each market style's sample into the data folder. Samples are cached in the system temp folder by a
 * hash of the voice definitions, so the many short-lived stand-ins of a test run do not re-synthesise them.
 */
export async function prepareMarketSamples(
  voices: readonly VoiceRecord[],
  files: FileSpace,
  format: AudioFormat,
): Promise<void> {
  const key = createHash('sha256')
    .update(JSON.stringify(MARKET_VOICES))
    .update(format)
    .digest('hex')
    .slice(0, 16);
  const cacheDir = path.join(os.tmpdir(), `timbre-standin-market-${key}`);
  await fs.mkdir(cacheDir, { recursive: true });
  const jobs = voices
    .filter((voice) => voice.from === 'market')
    .flatMap((voice) =>
      voice.styles.map(async (style) => {
        const definition = MARKET_VOICES.find((market) => market.id === voice.id);
        const target = files.diskPathOf(style.audioPath);
        if (!definition || target === undefined || (await exists(target))) return;
        const cached = path.join(cacheDir, `${voice.id}-${style.id}.${format}`);
        if (!(await exists(cached))) {
          const speech = await synthesizeSpeech({
            text: definition.sampleText,
            espeakVoice: espeakVoiceFor(
              'auto',
              definition.sampleText,
              voice.synth.language,
              voice.synth.variant,
            ),
            pitch: voice.synth.pitch + style.pitchOffset,
            wordsPerMinute: voice.synth.wordsPerMinute * style.rateFactor,
            speechRate: 1,
          });
          // encodeSamples writes a temp file and renames it, so concurrent stand-ins never read half a sample.
          await encodeSamples(speech.samples, cached, format);
        }
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.copyFile(cached, target);
      }),
    );
  await Promise.all(jobs);
}

async function exists(filePath: string): Promise<boolean> {
  try {
    await fs.access(filePath);
    return true;
  } catch {
    return false;
  }
}
