import { z } from 'zod';
import type { ImportProgressEvent } from '../../../common/ipc/project-methods.js';
import type { ImportBlock, ImportPreview } from '../../../common/import/imported-script.js';
import { importReadingSchema } from '../../../common/import/imported-script.js';
import { speakerVoicesSchema } from '../../../common/import/import-project.js';
import type { Project } from '../../../common/project/index.js';
import { projectDefaultsSchema } from '../../../common/project/project-schema.js';
import { TEXT_ENCODINGS } from '../../../common/text/index.js';
import type { WorkerError } from '../../../common/workers/worker-error.js';
import type { WorkerProtocol } from '../../../common/workers/worker-channel.js';

/** Where an import's text comes from: a file the worker reads itself (main never holds its bytes), or pasted text. */
const importSourceSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('file'),
    filePath: z.string(),
    /** The name the user's file had (a staged copy has another): decides the format and names errors. */
    fileName: z.string(),
    /** The encoding the user chose for a text or HTML file; detected when absent. */
    encoding: z.enum(TEXT_ENCODINGS).optional(),
  }),
  z.object({ type: z.literal('text'), text: z.string() }),
]);

const splitSchema = z.object({
  splitSentences: z.boolean().optional(),
  maxLength: z.number().optional(),
  paragraphs: z.enum(['blank-lines', 'lines']).optional(),
});

/** Messages from main to the import worker (validated there: the worker trusts no message's shape). */
export const importInboundSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    kind: z.enum(['preview', 'import']),
    source: importSourceSchema,
    split: splitSchema.optional(),
    reading: importReadingSchema.optional(),
    /** A preview that also sends the blocks themselves: a revised manuscript, matched in the editor. */
    withBlocks: z.boolean().optional(),
  }),
  /** main's answer to 'parsed' `id`: what only main knows (the checked title, the defaults and voice, the cover's name). */
  z.object({
    type: z.literal('build'),
    id: z.number().int(),
    title: z.string(),
    defaults: projectDefaultsSchema.partial().optional(),
    voices: speakerVoicesSchema.optional(),
    serviceUrl: z.string().optional(),
    cover: z.object({ mime: z.enum(['image/jpeg', 'image/png']), sha256: z.string() }).optional(),
    createdAt: z.string(),
  }),
]);
export type ImportInbound = z.infer<typeof importInboundSchema>;
export type ImportStart = Extract<ImportInbound, { type: 'start' }>;
export type ImportBuild = Extract<ImportInbound, { type: 'build' }>;

/** What the import is doing now; the fraction is of the whole import (phases are weighted by their usual time). */
export type ImportPhase = ImportProgressEvent['phase'];

/** The phases a worker reports ('waiting' is main's, before a worker is started). */
export type WorkerPhase = Exclude<ImportPhase, 'waiting'>;

/** The script's facts main needs to answer with a 'build'. */
export interface ParsedFacts {
  readonly title?: string | undefined;
  readonly language?: string | undefined;
  readonly cover?: { readonly mime: 'image/jpeg' | 'image/png'; readonly bytes: Uint8Array } | undefined;
}

/** One project an import makes, as the file's bytes (transferred, not copied) and its title. */
export interface BuiltPart {
  readonly title: string;
  readonly bytes: Uint8Array;
}

/**
 * Messages from the worker to main. Not validated again by main: they come from this app's own worker, and
 * walking a 20,000-block project with a schema on main would block its event loop, which the worker exists to avoid.
 */
export type ImportOutbound =
  | { readonly type: 'progress'; readonly phase: WorkerPhase; readonly fraction: number }
  | {
      readonly type: 'preview';
      readonly preview: ImportPreview;
      /** Only when the start asked `withBlocks`. */
      readonly blocks?: readonly ImportBlock[];
    }
  /** Asks main for the 'build' answer under this id. */
  | { readonly type: 'parsed'; readonly id: number; readonly facts: ParsedFacts }
  /** Every part checked and serialised; `first` is the first part's project, which main opens in the editor. */
  | { readonly type: 'built'; readonly parts: readonly BuiltPart[]; readonly first: Project }
  /** The run failed; the error is an IpcError naming the file and the field. */
  | { readonly type: 'failed'; readonly error: WorkerError };

/** Main and an import worker: one preview or import per worker. */
export type ImportProtocol = WorkerProtocol<ImportInbound, ImportOutbound>;
