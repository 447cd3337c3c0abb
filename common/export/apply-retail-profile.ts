import type { ExportMode } from './export-mode.js';
import type { ProjectExportSettings } from './project-export-settings.js';
import type { RetailProfile } from './retail-profile-schema.js';
import { DEFAULT_ROOM_TONE_DB } from './room-tone.js';
import { DEFAULT_ROOM_TONE_CLIP_MAX_DB } from './room-tone-clip.js';

/** One bed for every export: the same project exported twice carries the same room tone, sample for sample. */
const ROOM_TONE_SEED = 1;

/** An export set up for a retailer: the settings to export with and the mode (chapter files or one file). */
export interface ProfiledExport {
  readonly settings: ProjectExportSettings;
  readonly mode: Extract<ExportMode, 'mix' | 'chapters-folder'>;
}

/**
 * Where in a retailer's window a head or tail aims: near its short end, because a take's own breath before its
 * first word (and its release after the last) adds to what is measured.
 */
function aimInside(range: { min: number; max: number }, share: number): number {
  return Math.round(range.min + (range.max - range.min) * share);
}

/**
 * The user's export settings with a retailer's rules applied over them: format and bit rate, sample rate,
 * channels, loudness, room tone with its head and tail (the user's room-tone clip kept, held to the retailer's noise
 * floor), chapter files and their names. An audiobook retailer's
 * delivery (chapter files) is its audio files alone: no subtitles beside them, which a retailer's upload would
 * refuse or a producer would have to weed out. What the retailer does not rule on (ducking, tags, a podcast's
 * subtitles) stays as the user set it.
 */
export function applyRetailProfile(settings: ProjectExportSettings, profile: RetailProfile): ProfiledExport {
  // The user's own room-tone clip stays, held to this retailer's noise floor.
  const userClip = settings.options.roomTone?.clip;
  const roomTone = profile.roomTone && {
    levelDb: DEFAULT_ROOM_TONE_DB,
    seed: ROOM_TONE_SEED,
    headMs: aimInside(profile.roomTone.headMs, 0.2),
    tailMs: aimInside(profile.roomTone.tailMs, 0.25),
    ...(userClip && {
      clip: { path: userClip.path, maxRmsDb: profile.maxNoiseFloorDb ?? DEFAULT_ROOM_TONE_CLIP_MAX_DB },
    }),
  };
  const { roomTone: _userRoomTone, ...options } = settings.options;
  return {
    settings: {
      ...settings,
      options: {
        ...options,
        audio: profile.audio,
        loudness: profile.loudness,
        ...(roomTone && { roomTone }),
        ...(profile.split.chapterFiles && {
          subtitles: { ...settings.options.subtitles, srt: false, vtt: false },
        }),
      },
      retailProfile: profile.id,
      sampleRate: profile.sampleRate,
      channels: profile.channels,
      chapters: {
        markers: settings.chapters?.markers ?? true,
        json: settings.chapters?.json ?? false,
        nameTemplate: profile.fileNameTemplate,
      },
    },
    mode: profile.split.chapterFiles ? 'chapters-folder' : 'mix',
  };
}
