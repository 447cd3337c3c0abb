import { z } from 'zod';
import type { MissingAudio } from '../export/project-render-plan.js';
import { projectExportSettingsSchema } from '../export/project-export-settings.js';
import type { SegmentUpdate } from '../generation/segment-updates.js';
import { projectSchema } from '../project/project-schema.js';
import { serviceUrlSchema } from '../settings/settings-schema.js';
import { method } from './define.js';

const contentHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a content hash (64 hex digits)');
const absolutePathSchema = z
  .string()
  .min(1, 'is required')
  .max(4096, 'must be at most 4096 characters')
  .refine(
    (value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/u.test(value),
    'must be an absolute path (e.g. /home/me/Episode.wav or C:\\Users\\me\\Episode.wav)',
  );
const exportIdSchema = z.uuid('must be an export id (UUID)');

export interface StartedGenerationView {
  serviceUrl: string;
  jobIds: string[];
  sentBlocks: number;
  reusedBlocks: number;
  characters: number;
}

export type ExportStartResult =
  | { ok: true; exportId: string }
  | { ok: false; reason: 'missing-audio'; missing: MissingAudio[]; message: string }
  | { ok: false; reason: 'empty'; message: string };

export interface ExportProgressEvent {
  exportId: string;
  projectId: string;
  phase: string;
  /** 0…1 of the whole export. */
  fraction: number;
}

export type ExportFinishedEvent =
  | {
      exportId: string;
      projectId: string;
      ok: true;
      outputPath: string;
      subtitlePaths: string[];
      durationMs: number;
      bytes: number;
    }
  | { exportId: string; projectId: string; ok: false; cancelled: boolean; message: string };

/** Generation of blocks and local export of the mix (or one file per block). */
export const outputMethods = {
  /** Sends the project's blocks that lack current audio (or the given ones; `force` for a new take). */
  'generation.start': method<StartedGenerationView>()(
    z
      .object({
        project: projectSchema,
        blockIds: z.array(z.string().min(1)).max(20_000, 'must list at most 20000 blocks').optional(),
        force: z.boolean().optional(),
      })
      .strict(),
  ),
  /** What main knows of these contents: cached audio, jobs on their way, last failures. */
  'generation.lookup': method<SegmentUpdate[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        contentHashes: z.array(contentHashSchema).max(50_000, 'must list at most 50000 hashes'),
      })
      .strict(),
  ),
  /** Where exports go unless the user picks another place. */
  'export.defaultFolder': method<{ folder: string }>()(z.undefined()),
  /** The OS save dialog where the shell has one; null in the browser shell (the page asks for a path). */
  'export.chooseDestination': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  'export.start': method<ExportStartResult>()(
    z
      .object({
        project: projectSchema,
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        /** `mix`: one audio file (+ subtitles); `blocks-folder`/`blocks-zip`: one file per speech block. */
        mode: z.enum(['mix', 'blocks-folder', 'blocks-zip']).default('mix'),
        overwrite: z.boolean().default(false),
      })
      .strict(),
  ),
  'export.cancel': method<null>()(z.object({ exportId: exportIdSchema }).strict()),
};
