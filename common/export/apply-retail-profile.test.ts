import { describe, expect, it } from 'vitest';
import { applyRetailProfile } from './apply-retail-profile.js';
import { defaultProjectExportSettings, projectExportSettingsSchema } from './project-export-settings.js';
import { RETAIL_PROFILES, retailProfile } from './retail-profiles.js';

describe('applyRetailProfile', () => {
  it('sets ACX’s format, rate, channels, levels, room tone inside its windows, and chapter files', () => {
    const { settings, mode } = applyRetailProfile(defaultProjectExportSettings, retailProfile('acx'));
    expect(mode).toBe('chapters-folder');
    expect(settings).toMatchObject({
      retailProfile: 'acx',
      sampleRate: 44100,
      channels: 1,
      options: {
        audio: { format: 'mp3', bitrateKbps: 192 },
        loudness: { kind: 'rms', rmsDb: -20, peakDb: -3.5 },
        roomTone: { levelDb: -70, headMs: 600, tailMs: 2000 },
      },
      chapters: { nameTemplate: '{n} {title}' },
    });
  });

  it('keeps what the retailer does not rule on (a podcast’s subtitles, ducking) as the user set it', () => {
    const user = {
      ...defaultProjectExportSettings,
      options: { ...defaultProjectExportSettings.options, subtitles: { srt: false, vtt: true } },
    };
    const { settings } = applyRetailProfile(user, retailProfile('podcast'));
    expect(settings.options.subtitles).toEqual({ srt: false, vtt: true });
    expect(settings.ducking).toEqual(user.ducking);
  });

  it('delivers an audiobook retailer’s chapter files alone, without the subtitles the user ticked', () => {
    const user = {
      ...defaultProjectExportSettings,
      options: { ...defaultProjectExportSettings.options, subtitles: { srt: true, vtt: true } },
    };
    for (const profile of RETAIL_PROFILES.filter((each) => each.split.chapterFiles)) {
      const { settings } = applyRetailProfile(user, profile);
      expect(settings.options.subtitles, profile.id).toMatchObject({ srt: false, vtt: false });
    }
    expect(RETAIL_PROFILES.some((each) => each.split.chapterFiles)).toBe(true);
  });

  it('drops a room tone the user set when the profile asks for none (a podcast), and exports one file', () => {
    const user = {
      ...defaultProjectExportSettings,
      options: { ...defaultProjectExportSettings.options, roomTone: { levelDb: -65, seed: 3 } },
    };
    const { settings, mode } = applyRetailProfile(user, retailProfile('podcast'));
    expect(settings.options.roomTone).toBeUndefined();
    expect(settings.options.loudness).toEqual({ kind: 'lufs', integratedLufs: -16, truePeakDb: -1 });
    expect(mode).toBe('mix');
  });

  it('gives settings the export validates, for every profile', () => {
    for (const profile of RETAIL_PROFILES) {
      const { settings } = applyRetailProfile(defaultProjectExportSettings, profile);
      expect(projectExportSettingsSchema.safeParse(settings).success, profile.id).toBe(true);
    }
  });
});
