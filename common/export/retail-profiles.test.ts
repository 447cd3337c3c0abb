import { describe, expect, it } from 'vitest';
import { formatSupportsRate } from './export-options.js';
import { retailProfileIdSchema, retailProfileSchema } from './retail-profile-schema.js';
import { RETAIL_PROFILES, retailProfile } from './retail-profiles.js';

describe('retail profiles', () => {
  it('keeps every rule of the profile schema, with nothing the schema does not know', () => {
    for (const profile of RETAIL_PROFILES) {
      const checked = retailProfileSchema.safeParse(profile);
      expect(checked.error?.issues ?? [], profile.id).toEqual([]);
      // Parsing drops keys the schema does not name: equal means there were none.
      expect(checked.data, profile.id).toEqual(profile);
    }
  });

  it('has one profile per id, each writing a format it accepts at a rate it accepts', () => {
    expect(RETAIL_PROFILES.map((profile) => profile.id)).toEqual(retailProfileIdSchema.options);
    for (const profile of RETAIL_PROFILES) {
      expect(profile.acceptedFormats, profile.id).toContain(profile.audio.format);
      expect(profile.acceptedSampleRates, profile.id).toContain(profile.sampleRate);
      expect(formatSupportsRate(profile.audio, profile.sampleRate), profile.id).toBe(true);
    }
  });

  it('masters inside its own pre-flight window, so a profile never fails its own export', () => {
    for (const profile of RETAIL_PROFILES) {
      const { loudness } = profile;
      if (loudness.kind === 'rms') {
        expect(loudness.rmsDb, profile.id).toBeGreaterThanOrEqual(profile.rmsDb!.min);
        expect(loudness.rmsDb, profile.id).toBeLessThanOrEqual(profile.rmsDb!.max);
        expect(loudness.peakDb, profile.id).toBeLessThanOrEqual(profile.maxPeakDb);
      }
      if (loudness.kind === 'lufs') {
        expect(loudness.integratedLufs, profile.id).toBeGreaterThanOrEqual(profile.integratedLufs!.min);
        expect(loudness.truePeakDb, profile.id).toBeLessThanOrEqual(profile.maxPeakDb);
      }
      if (profile.audio.format === 'mp3' && profile.minBitrateKbps !== undefined)
        expect(profile.audio.bitrateKbps, profile.id).toBeGreaterThanOrEqual(profile.minBitrateKbps);
    }
  });

  it('says plainly that ACX takes human narration only unless authorised', () => {
    const acx = retailProfile('acx');
    expect(acx.aiNarration.policy).toBe('human-only-unless-authorised');
    expect(acx.aiNarration.statement).toMatch(/narrated by a human, unless ACX has authorised/u);
    expect(acx.aiNarration.statement).toMatch(/do not upload/u);
  });

  it('asks ACX for its published figures: 192 kbps CBR at 44.1 kHz, −23…−18 dB RMS, −3 dB peak, −60 dB floor', () => {
    expect(retailProfile('acx')).toMatchObject({
      audio: { format: 'mp3', bitrateKbps: 192 },
      sampleRate: 44100,
      constantBitrate: true,
      rmsDb: { min: -23, max: -18 },
      maxPeakDb: -3,
      maxNoiseFloorDb: -60,
      roomTone: { headMs: { min: 500, max: 1000 }, tailMs: { min: 1000, max: 5000 } },
      split: { chapterFiles: true, creditsOwnFiles: true, maxMinutesPerFile: 120 },
    });
  });

  it('names its source and the date it was read on every profile', () => {
    for (const profile of RETAIL_PROFILES) {
      expect(profile.sourceUrl, profile.id).toMatch(/^https:\/\//u);
      expect(profile.readOn, profile.id).toMatch(/\d{4}/u);
    }
  });
});
