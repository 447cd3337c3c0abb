import { z } from 'zod';
import type { MissingAudio } from '../export/project-render-plan.js';
import { projectExportSettingsSchema } from '../export/project-export-settings.js';
import type { SegmentUpdate } from '../generation/segment-updates.js';
import { projectSchema } from '../project/project-schema.js';
import { projectFileNameSchema } from './project-methods.js';
import { serviceUrlSchema } from '../settings/settings-schema.js';
import { method } from './define.js';
import { exportModeSchema as exportModes } from '../export/export-mode.js';
import type { ChargeTwiceRefusal, HeldBlock } from '../generation/charge-twice-holds.js';

const contentHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a content hash (64 hex digits)');
export const absolutePathSchema = z
  .string()
  .min(1, 'is required')
  .max(4096, 'must be at most 4096 characters')
  .refine(
    (value) => value.startsWith('/') || /^[A-Za-z]:[\\/]/u.test(value),
    'must be an absolute path (e.g. /home/me/Episode.wav or C:\\Users\\me\\Episode.wav)',
  );
const exportIdSchema = z.uuid('must be an export id (UUID)');
/** What the browser shell's chooser picks: a file to save (a name in a folder), or a folder. */
export const chooserKindSchema = z.enum(['save-file', 'folder']);
export type ChooserKind = z.infer<typeof chooserKindSchema>;
const choiceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/u, 'must be a choice id from files.openChooser');

export interface StartedGenerationView {
  serviceUrl: string;
  jobIds: string[];
  /** Blocks handed to the service's queue of tasks (sent now, or as soon as it is reachable). */
  sentBlocks: number;
  /** Of `sentBlocks`, those waiting for the service to be reachable: nothing of them was sent yet. */
  offlineBlocks?: number | undefined;
  /** Of `sentBlocks`, those whose tasks the service has not answered yet: on their way, not known to have gone. */
  sendingBlocks?: number | undefined;
  /** The blocks sent (the editor's run counts them, refused ones included). */
  blockIds?: string[] | undefined;
  reusedBlocks: number;
  characters: number;
  /** Blocks left out (`skipChargeTwice`) because the service may already have charged their content. */
  heldBlocks?: HeldBlock[] | undefined;
}

export interface FolderListing {
  folder: string;
  /** The folder above, or null at the top of the file system. */
  parent: string | null;
  /** The user's home folder, to jump back to. */
  home: string;
  entries: { name: string; kind: 'folder' | 'file' }[];
  /** The folder asked for when it does not exist yet: `folder` is then its nearest existing ancestor. */
  missing?: string;
}

/** Files the export would write that exist already, and the numbered name "keep both" would use. */
export interface ExportConflict {
  ok: false;
  reason: 'conflict';
  conflicts: string[];
  keepBothPath: string;
  message: string;
}

export type ExportStartResult =
  | { ok: true; exportId: string; outputPath: string }
  | { ok: false; reason: 'missing-audio'; missing: MissingAudio[]; message: string }
  | { ok: false; reason: 'empty'; message: string }
  | ExportConflict;

export type GenerateThenExportResult = { ok: true; itemId: string; outputPath: string } | ExportConflict;

/** What to do with files the export would write that already exist: ask (the default), replace, keep both. */
const onExistingSchema = z.enum(['ask', 'replace', 'keep-both']).default('ask');
const exportModeSchema = exportModes.default('mix');

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

/** A take's audio as the renderer plays it. */
export interface TakeMedia {
  cacheKey: string;
  mediaPath: string;
  durationMs: number;
}

/** A take's waveform: its loudness envelope (audio-analysis.ts), for drawing and seeking. */
export interface TakeWaveform {
  cacheKey: string;
  durationMs: number;
  windowsPerSecond: number;
  envelope: string;
}

/** Waveforms asked for at once: the blocks a timeline or script shows. */
export const WAVEFORMS_PER_REQUEST = 500;

/** Generation of blocks and local export of the mix (or one file per block). */
export const outputMethods = {
  /**
   * Sends the project's blocks that lack current audio (or the given ones). `newTake` sends the given blocks again
   * with a new seed each, keeping the takes they have. A block whose content is in a task the service may already
   * have charged (charge-twice-holds.ts) is sent only with `confirmChargeTwice: true`, given once the user agreed
   * to pay twice, and left out with `skipChargeTwice: true`; with neither, nothing is sent and the answer is a
   * ChargeTwiceRefusal naming those blocks and what they may cost twice.
   */
  'generation.start': method<StartedGenerationView | ChargeTwiceRefusal>()(
    z
      .object({
        project: projectSchema,
        blockIds: z.array(z.string().min(1)).max(20_000, 'must list at most 20000 blocks').optional(),
        newTake: z.boolean().optional(),
        confirmChargeTwice: z.literal(true).optional(),
        skipChargeTwice: z.literal(true).optional(),
      })
      .strict()
      .refine((input) => !(input.confirmChargeTwice && input.skipChargeTwice), {
        path: ['skipChargeTwice'],
        message: 'cannot be given with confirmChargeTwice: send the held blocks, or leave them out, not both',
      }),
  ),
  /** Where the cached audio of these takes plays (those no longer in the cache are left out). */
  'generation.media': method<TakeMedia[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        cacheKeys: z.array(contentHashSchema).max(50_000, 'must list at most 50000 takes'),
      })
      .strict(),
  ),
  /** The waveforms of these takes' cached audio (those no longer in the cache are left out). */
  'generation.waveforms': method<TakeWaveform[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        cacheKeys: z
          .array(contentHashSchema)
          .max(WAVEFORMS_PER_REQUEST, `must list at most ${WAVEFORMS_PER_REQUEST} takes`),
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
  /**
   * "Fetch audio again": downloads the audio the service already made for these contents (nothing is submitted,
   * nothing is paid again) and answers what main now knows of them.
   */
  'generation.refetch': method<SegmentUpdate[]>()(
    z
      .object({
        serviceUrl: serviceUrlSchema,
        contentHashes: z
          .array(contentHashSchema)
          .min(1, 'must list at least one content')
          .max(20_000, 'must list at most 20000 hashes'),
      })
      .strict(),
  ),
  /** The OS folder dialog where the shell has one; null in the browser shell (it uses `files.openChooser`). */
  'files.chooseFolder': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  /**
   * The browser shell's stand-in for the OS dialogs: main opens a choice and answers the address of its chooser,
   * a page of its own on another origin (so this page cannot script it), which the page opens in a window. Only
   * the user's click there chooses, and only that choice is granted. Refused in Electron (it has real dialogs).
   */
  'files.openChooser': method<{ choiceId: string; url: string }>()(
    z.object({ kind: chooserKindSchema, initialPath: absolutePathSchema }).strict(),
  ),
  /**
   * Waits for the user's answer in the chooser window: the path chosen (which main may now write: the file, or
   * inside the folder), or null when the user cancelled, closed the window or never answered.
   */
  'files.chooserAnswer': method<{ path: string | null }>()(z.object({ choiceId: choiceIdSchema }).strict()),
  /** The page gave up waiting (its dialog closed): the choice ends with no grant. */
  'files.closeChooser': method<null>()(z.object({ choiceId: choiceIdSchema }).strict()),
  /**
   * Shows a file (or folder) in the system file manager: an export the user made, or the data folder. Where the
   * shell has no file manager to open (the browser shell), `revealed` is false and the page shows the path.
   */
  'files.reveal': method<{ revealed: boolean }>()(z.object({ path: absolutePathSchema }).strict()),
  /** Where exports go unless the user picks another place. */
  'export.defaultFolder': method<{ folder: string }>()(z.undefined()),
  /** The OS save dialog where the shell has one; null in the browser shell (the page asks for a path). */
  'export.chooseDestination': method<{ path: string | null }>()(
    z.object({ suggestedPath: absolutePathSchema }).strict(),
  ),
  /**
   * Exports the project as it is. The path must be one the user chose (a dialog, or inside the default export
   * folder) with the format's extension; existing files are reported (`conflict`) unless `onExisting` decides.
   */
  'export.start': method<ExportStartResult>()(
    z
      .object({
        project: projectSchema,
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        /** `mix`: one audio file (+ subtitles); `blocks-*`: one file per speech block; `chapters-*`: per chapter. */
        mode: exportModeSchema,
        onExisting: onExistingSchema,
        /** A JPEG or PNG uploaded through staging.*, embedded as the cover of MP3 output. */
        coverStagingId: z.uuid('must be an upload id (UUID)').optional(),
      })
      .strict(),
  ),
  /**
   * Generates what a project of the projects folder lacks, then exports it: one job owned by main (the batch
   * queue), which survives closing the dialog and restarting, and notifies when the file is written. The
   * destination is checked before anything is sent.
   */
  'export.generateThenExport': method<GenerateThenExportResult>()(
    z
      .object({
        fileName: projectFileNameSchema,
        title: z.string().max(200, 'must be at most 200 characters'),
        settings: projectExportSettingsSchema,
        outputPath: absolutePathSchema,
        mode: exportModeSchema,
        onExisting: onExistingSchema,
      })
      .strict(),
  ),
  'export.cancel': method<null>()(z.object({ exportId: exportIdSchema }).strict()),
};
