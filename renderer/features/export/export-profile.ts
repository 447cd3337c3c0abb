import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import type { ProjectExportSettings } from '../../../common/export/project-export-settings.js';
import type { RetailProfileId } from '../../../common/export/retail-profile-schema.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import type { RetailSampleRequest } from '../../../common/export/retail-sample.js';
import { sampleRequestFromText } from '../../../common/export/retail-sample-request.js';
import type { ExportForm } from './export-form.js';

/**
 * The form with a retailer profile chosen: its fields show what the profile writes (format, bit rate, rate,
 * channels, loudness, chapter files and their names), so the destination and the dialog follow it; the fields are
 * then locked (the dialog disables them) and the profile is applied again over the settings (`withFormProfile`),
 * which adds what the form has no field for: room tone with its head and tail, and the checks after export.
 * Choosing no profile leaves the fields as they are, unlocked.
 */
export function formWithProfile(form: ExportForm, id: RetailProfileId | undefined): ExportForm {
  if (id === undefined) {
    const { profile: _profile, ...rest } = form;
    return rest;
  }
  const profile = retailProfile(id);
  const { audio } = profile;
  return {
    ...form,
    profile: id,
    ...(audio.format === 'mp3'
      ? { format: 'mp3' as const, bitrateKbps: audio.bitrateKbps }
      : {
          format: audio.format === 'wav' && audio.bitDepth === 24 ? ('wav24' as const) : ('wav16' as const),
        }),
    sampleRate: profile.sampleRate,
    channels: profile.channels,
    loudness: profile.loudness.kind === 'rms' ? 'acx' : 'podcast',
    mode: profile.split.chapterFiles ? 'chapters-folder' : 'mix',
    nameTemplate: profile.fileNameTemplate,
    // An audiobook retailer takes the audio files alone (applyRetailProfile): the locked boxes show it.
    ...(profile.split.chapterFiles && { srt: false, vtt: false }),
  };
}

/**
 * The settings of a form with a profile: the profile's rules applied over them (room tone, retailProfile…), and
 * where its retail sample is cut (`formSampleRequest`).
 */
export function withFormProfile(
  form: ExportForm,
  settings: ProjectExportSettings,
  retailSample?: RetailSampleRequest,
): ProjectExportSettings {
  if (form.profile === undefined) return settings;
  const profiled = applyRetailProfile(settings, retailProfile(form.profile)).settings;
  return retailSample === undefined ? profiled : { ...profiled, retailSample };
}

/**
 * The retail sample the form's boxes ask for (none without a profile that takes a sample), or the box and the rule
 * it breaks: "Sample length must be seconds from 60 to 300 (got “400”)".
 */
export function formSampleRequest(
  form: Readonly<{ profile?: RetailProfileId | undefined; sampleStart?: string; sampleLength?: string }>,
):
  | { ok: true; request: RetailSampleRequest | undefined }
  | { ok: false; field: 'sampleStart' | 'sampleLength'; message: string } {
  const bounds = form.profile === undefined ? undefined : retailProfile(form.profile).retailSample;
  if (bounds === undefined) return { ok: true, request: undefined };
  const parsed = sampleRequestFromText(form.sampleStart ?? '', form.sampleLength ?? '', bounds);
  if (parsed.ok) return { ok: true, request: parsed.request };
  const field = parsed.field === 'start' ? 'sampleStart' : 'sampleLength';
  return { ok: false, field, message: `Sample ${parsed.field} ${parsed.problem}` };
}
