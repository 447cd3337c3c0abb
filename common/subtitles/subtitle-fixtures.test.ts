/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCues } from './cue-builder.js';
import estimatedInput from './fixtures/estimated.json?raw';
import estimatedSrt from './fixtures/estimated.srt?raw';
import estimatedVtt from './fixtures/estimated.vtt?raw';
import narrationInput from './fixtures/narration.json?raw';
import narrationSrt from './fixtures/narration.srt?raw';
import narrationVtt from './fixtures/narration.vtt?raw';
import tightInput from './fixtures/tight-settings.json?raw';
import tightSrt from './fixtures/tight-settings.srt?raw';
import tightVtt from './fixtures/tight-settings.vtt?raw';
import { formatSrt, formatVtt } from './subtitle-format.js';
import { subtitleSettingsSchema, subtitleSourceSchema } from './subtitle-types.js';

const fixtureSchema = z.object({
  description: z.string(),
  settings: subtitleSettingsSchema.optional(),
  sources: z.array(subtitleSourceSchema),
});

const cases = [
  { name: 'narration (real espeak-ng pauses)', input: narrationInput, srt: narrationSrt, vtt: narrationVtt },
  { name: 'tight settings', input: tightInput, srt: tightSrt, vtt: tightVtt },
  {
    name: 'estimated timing, escaping, unspaced text',
    input: estimatedInput,
    srt: estimatedSrt,
    vtt: estimatedVtt,
  },
];

describe('subtitle fixtures', () => {
  for (const fixture of cases) {
    it(`reproduces the checked-in SRT and WebVTT: ${fixture.name}`, () => {
      const { settings, sources } = fixtureSchema.parse(JSON.parse(fixture.input));
      const cues = buildCues(sources, settings);
      expect(formatSrt(cues)).toBe(fixture.srt);
      expect(formatVtt(cues)).toBe(fixture.vtt);
    });
  }
});
