import { z } from 'zod';
import { chapterTemplateProblem } from './chapter-split.js';
import { duckingSettingsSchema, defaultDuckingSettings } from './render-plan.js';
import { audioMetadataSchema, chapterOutputSchema } from './audio-metadata.js';
import { exportOptionsSchema, formatSupportsRate, isAacFormat, loudnessPresets } from './export-options.js';
import { retailProfileIdSchema } from './retail-profile-schema.js';
import { retailSampleRequestSchema } from './retail-sample.js';
import { videoOutputSchema } from './video-output.js';

/** What the user chooses in the export dialog (and the CLI's flags), independent of any one project. */
export const projectExportSettingsSchema = z
  .object({
    options: exportOptionsSchema,
    sampleRate: z.number().int().min(8000, 'must be ≥ 8000 Hz').max(192_000, 'must be ≤ 192000 Hz'),
    channels: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 or 2' }),
    ducking: duckingSettingsSchema.optional(),
    metadata: audioMetadataSchema.optional(),
    chapters: chapterOutputSchema.optional(),
    /** The video export's container and streams (export mode `video`). */
    video: videoOutputSchema.optional(),
    /** The retailer profile applied (applyRetailProfile): the written files are checked against it, with a report. */
    retailProfile: retailProfileIdSchema.optional(),
    /** Where the profile's retail sample is cut (retail-sample.ts); absent, the studio proposes one. */
    retailSample: retailSampleRequestSchema.optional(),
    /**
     * Per-chapter export into a folder an earlier one wrote: render every chapter again. Absent, a chapter file
     * whose audio, name and tags are unchanged is kept as it is ("Re-render only changed chapters").
     */
    rerenderAllChapters: z.boolean().optional(),
  })
  .superRefine((settings, context) => {
    if (!formatSupportsRate(settings.options.audio, settings.sampleRate)) {
      context.addIssue({
        code: 'custom',
        path: ['sampleRate'],
        message: isAacFormat(settings.options.audio)
          ? `must be an AAC rate (8000–48000 Hz, MPEG rates only) for ${settings.options.audio.format.toUpperCase()} output`
          : 'must be an MP3 rate (8000–48000 Hz, MPEG rates only) for MP3 output',
      });
    }
    const template = settings.chapters?.nameTemplate;
    const problem = template === undefined ? null : chapterTemplateProblem(template);
    if (problem !== null) {
      context.addIssue({ code: 'custom', path: ['chapters', 'nameTemplate'], message: problem });
    }
  });
export type ProjectExportSettings = z.infer<typeof projectExportSettingsSchema>;

/** Sensible defaults for spoken word: 44.1 kHz stereo WAV 16-bit, podcast loudness, SRT, ducked music. */
export const defaultProjectExportSettings: ProjectExportSettings = {
  options: {
    audio: { format: 'wav', bitDepth: 16 },
    loudness: loudnessPresets.podcast,
    subtitles: { srt: true, vtt: false },
  },
  sampleRate: 44_100,
  channels: 2,
  ducking: defaultDuckingSettings,
};

/**
 * The settings as one project gets them: chapter markers and a chapters file only when it has titled chapters
 * ("Nothing to mark" otherwise, where a lone marker would only repeat its title and tag the file with it). The
 * dialog applies this for its project and the exporter for every project it prepares (a batch's, the CLI's), so one
 * form makes one file whichever way it is exported.
 */
export function settingsForChapters(
  settings: ProjectExportSettings,
  titledChapters: number,
): ProjectExportSettings {
  if (titledChapters > 0 || settings.chapters === undefined) return settings;
  return { ...settings, chapters: { ...settings.chapters, markers: false, json: false } };
}
