import { retailProfile } from '../../../common/export/retail-profiles.js';
import type { ExportForm } from './export-form.js';

const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/])/u;

/** The room-tone clip the form names, or undefined for the generated bed (an empty box). */
export function roomToneClipOf(form: ExportForm): string | undefined {
  const clip = form.roomToneClip?.trim() ?? '';
  return clip === '' || !roomToneClipOffered(form) ? undefined : clip;
}

/**
 * Whether the dialog offers a room-tone clip: under a profile that lays room tone, or with no profile for a mix
 * or chapter files (where the clip adds room tone of its own); never for a profile without room tone.
 */
export function roomToneClipOffered(form: ExportForm): boolean {
  if (form.profile !== undefined) return retailProfile(form.profile).roomTone !== undefined;
  return form.mode === 'mix' || form.mode === 'chapters-folder' || form.mode === 'chapters-zip';
}

/** Why the box cannot be used as it is, or null: main reads the file, so the path must be a whole one. */
export function roomToneClipFieldProblem(form: ExportForm): string | null {
  const clip = roomToneClipOf(form);
  if (clip === undefined || ABSOLUTE_PATH.test(clip)) return null;
  return 'room-tone clip must be the full path of a WAV, MP3 or FLAC file (e.g. /home/me/Room tone.wav)';
}
