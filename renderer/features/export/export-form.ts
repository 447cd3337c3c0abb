import type { ProjectExportSettings } from '../../../common/export/project-export-settings.js';
import {
  defaultProjectExportSettings,
  projectExportSettingsSchema,
  settingsForChapters,
} from '../../../common/export/project-export-settings.js';
import { defaultDuckingSettings } from '../../../common/export/render-plan.js';
import type { AudioFormat } from '../../../common/export/export-options.js';
import {
  type aacBitrates,
  defaultAacBitrate,
  loudnessPresets,
} from '../../../common/export/export-options.js';

export type FormatChoice = 'wav16' | 'wav24' | 'mp3' | 'm4b' | 'm4a';
/** An AAC bit rate, or spoken word's default for the channels (64 kbps mono, 128 kbps stereo). */
export type AacBitrateChoice = 'spoken' | (typeof aacBitrates)[number];
export type LoudnessChoice = keyof typeof loudnessPresets;
import type { ExportMode } from '../../../common/export/export-mode.js';
import { bookPackageExtension, exportContainer } from '../../../common/export/export-mode.js';
import { DEFAULT_CHAPTER_NAME_TEMPLATE } from '../../../common/export/chapter-split.js';
import type { AudioMetadata } from '../../../common/export/audio-metadata.js';
import type { VideoContainer } from '../../../common/export/video-output.js';
import type { RetailProfileId } from '../../../common/export/retail-profile-schema.js';
import { formSampleRequest, withFormProfile } from './export-profile.js';
import { roomToneClipFieldProblem, roomToneClipOf } from './room-tone-clip-field.js';
import { withRoomToneClip } from '../../../common/export/room-tone-clip.js';
export type { ExportMode };

/** The export dialog's fields, in the words of the form. */
export interface ExportForm {
  format: FormatChoice;
  bitrateKbps: 128 | 160 | 192 | 224 | 256 | 320;
  aacBitrateKbps: AacBitrateChoice;
  sampleRate: number;
  channels: 1 | 2;
  loudness: LoudnessChoice;
  srt: boolean;
  vtt: boolean;
  ducking: boolean;
  mode: ExportMode;
  /** Tags written into the file(s); empty boxes are left out. */
  metadata: Record<MetadataField, string>;
  /** Chapter markers inside the one file (ID3 chapters in MP3, cue points in WAV). */
  chapterMarkers: boolean;
  /** A Podcasting 2.0 chapters JSON next to the one file. */
  chaptersJson: boolean;
  /** Names of per-chapter files. */
  nameTemplate: string;
  /** The video export's container (the picture is copied into it) and whether the original sound rides along. */
  videoContainer: VideoContainer;
  keepOriginalAudio: boolean;
  /** Per chapter into a folder an earlier export wrote: write every chapter again ("only changed" unticked). */
  rerenderAllChapters?: boolean;
  /** A retailer's delivery (ACX, Google Play…): set through formWithProfile, which fills the fields above. */
  profile?: RetailProfileId;
  /** A recording of the room looped as room tone instead of the generated bed (an absolute path; main reads it). */
  roomToneClip?: string;
  /** Where the profile's retail sample starts (a block number or m:ss) and its length in seconds; empty: proposed. */
  sampleStart?: string;
  sampleLength?: string;
}

export const METADATA_FIELDS = [
  'title',
  'author',
  'narrator',
  'album',
  'year',
  'track',
  'genre',
  'series',
  'part',
] as const;
export type MetadataField = (typeof METADATA_FIELDS)[number];

export const defaultExportForm: ExportForm = {
  format: 'wav16',
  bitrateKbps: 192,
  aacBitrateKbps: 'spoken',
  sampleRate: defaultProjectExportSettings.sampleRate,
  channels: defaultProjectExportSettings.channels,
  loudness: 'podcast',
  srt: true,
  vtt: false,
  ducking: true,
  mode: 'mix',
  metadata: {
    title: '',
    author: '',
    narrator: '',
    album: '',
    year: '',
    track: '',
    genre: '',
    series: '',
    part: '',
  },
  chapterMarkers: true,
  chaptersJson: false,
  nameTemplate: DEFAULT_CHAPTER_NAME_TEMPLATE,
  videoContainer: 'mp4',
  keepOriginalAudio: false,
};

export const SAMPLE_RATES = [22_050, 24_000, 44_100, 48_000] as const;

/** The settings main receives, or the first rule the form breaks (named by field). */
export function settingsFromForm(
  form: ExportForm,
  /**
   * Titled chapters of the project, when one project is exported: with none, no chapter markers or file. A batch
   * (many projects) leaves it out, and the exporter applies the same rule to each project.
   */
  chapterCount?: number,
): { ok: true; settings: ProjectExportSettings } | { ok: false; field: string; message: string } {
  if (
    isAacChoice(form.format) &&
    exportContainer(form.mode) !== 'file' &&
    !form.mode.startsWith('chapters')
  ) {
    return {
      ok: false,
      field: 'format',
      message: `format ${form.format.toUpperCase()} is written for one mixed file or one file per chapter; one file per block is WAV or MP3`,
    };
  }
  const clipProblem = roomToneClipFieldProblem(form);
  if (clipProblem !== null) return { ok: false, field: 'roomToneClip', message: clipProblem };
  const candidate: ProjectExportSettings = {
    options: {
      audio: audioFormatOf(form),
      loudness: loudnessPresets[form.loudness],
      subtitles: { srt: form.srt, vtt: form.vtt },
    },
    sampleRate: form.sampleRate,
    channels: form.channels,
    ducking: { ...defaultDuckingSettings, enabled: form.ducking },
    metadata: metadataOf(form),
    chapters: { markers: form.chapterMarkers, json: form.chaptersJson, nameTemplate: form.nameTemplate },
    ...(form.mode === 'video'
      ? { video: { container: form.videoContainer, keepOriginalAudio: form.keepOriginalAudio } }
      : {}),
    ...(form.mode === 'chapters-folder' && form.rerenderAllChapters === true
      ? { rerenderAllChapters: true }
      : {}),
  };
  const checked = projectExportSettingsSchema.safeParse(candidate);
  if (checked.success) {
    const settings = withRoomToneClip(
      chapterCount === undefined ? checked.data : settingsForChapters(checked.data, chapterCount),
      roomToneClipOf(form),
    );
    const sample = formSampleRequest(form);
    return sample.ok ? { ok: true, settings: withFormProfile(form, settings, sample.request) } : sample;
  }
  const issue = checked.error.issues[0];
  const field = issue?.path.join('.') ?? 'settings';
  return { ok: false, field, message: `${field} ${issue?.message ?? 'is not valid'}` };
}

function audioFormatOf(form: ExportForm): AudioFormat {
  switch (form.format) {
    case 'mp3':
      return { format: 'mp3', bitrateKbps: form.bitrateKbps };
    case 'm4b':
    case 'm4a': {
      const chosen = form.aacBitrateKbps;
      const rate = chosen === 'spoken' ? defaultAacBitrate(form.channels) : chosen;
      return { format: form.format, bitrateKbps: rate as (typeof aacBitrates)[number] };
    }
    default:
      return { format: 'wav', bitDepth: form.format === 'wav24' ? 24 : 16 };
  }
}

/** M4B and M4A: AAC, written after the mix (never per block). */
function isAacChoice(format: FormatChoice): format is 'm4b' | 'm4a' {
  return format === 'm4b' || format === 'm4a';
}

/**
 * Whether a format writes a tag: WAV's LIST INFO has no narrator, genre or series; MP3's ID3 has the narrator (as
 * composer) and genre but no series; M4B and M4A have them all. The dialog offers only what will be written.
 */
export function formatWritesTag(format: FormatChoice, field: MetadataField): boolean {
  if (field === 'series' || field === 'part') return isAacChoice(format);
  if (field === 'narrator' || field === 'genre') return takesCover(format);
  return true;
}

/** Formats whose files carry a cover: MP3 (ID3), M4B and M4A (iTunes covr). */
function takesCover(format: FormatChoice): boolean {
  return format === 'mp3' || isAacChoice(format);
}

/** Whether the export carries the cover: a read-along book always (EPUB cover page, LPF cover), else as its format. */
export function exportTakesCover(form: Pick<ExportForm, 'format' | 'mode'>): boolean {
  return bookPackageExtension(form.mode) !== undefined || takesCover(form.format);
}

function metadataOf(form: ExportForm): AudioMetadata {
  const metadata: AudioMetadata = {};
  for (const field of METADATA_FIELDS) {
    const value = form.metadata[field].trim();
    if (value !== '') metadata[field] = value;
  }
  return metadata;
}

/** The file extension of the output for the chosen format and mode. */
export function outputExtension(form: ExportForm): string {
  switch (exportContainer(form.mode)) {
    case 'zip':
      return '.zip';
    case 'folder':
      return '';
    case 'file':
      if (form.mode === 'video') return `.${form.videoContainer}`;
      if (bookPackageExtension(form.mode) !== undefined) return `.${bookPackageExtension(form.mode)}`;
      return form.format === 'wav16' || form.format === 'wav24' ? '.wav' : `.${form.format}`;
  }
}

/** A file name from a project title that every OS accepts. */
export function safeFileName(title: string): string {
  const cleaned = title
    .normalize('NFKC')
    .replace(/[<>:"/\\|?*]+/gu, ' ')
    // Control characters are refused by Windows and confuse every shell.
    .split('')
    .map((character) => (character.charCodeAt(0) < 32 ? ' ' : character))
    .join('')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[. ]+$/u, '')
    .slice(0, 120);
  return /^(con|prn|aux|nul|com\d|lpt\d)$/iu.test(cleaned) || cleaned === ''
    ? `${cleaned || 'Untitled'} export`
    : cleaned;
}

/** Joins a folder and a file name with the folder's own separator (main runs on Windows too). */
export function joinPath(folder: string, name: string): string {
  const separator = folder.includes('\\') && !folder.includes('/') ? '\\' : '/';
  return folder.endsWith(separator) ? `${folder}${name}` : `${folder}${separator}${name}`;
}

/** Swaps the extension of a path for the one the form now needs (any extension an export writes). */
export function withExtension(filePath: string, extension: string): string {
  const base = filePath.replace(/\.(wav|mp3|m4b|m4a|zip|mp4|mov|webm|epub|lpf)$/iu, '');
  return `${base}${extension}`;
}
