import path from 'node:path';
import { z } from 'zod';
import { projectExportSettingsSchema } from '../../../common/export/index.js';
import { IpcError } from '../../../common/ipc/errors.js';
import { batchSourceSchema } from './batch-types.js';
import { exportModeSchema } from '../../../common/export/export-mode.js';
import { DEFAULT_NAME_TEMPLATE, nameTemplateProblem } from '../project-export/output-name.js';

/** Projects added together share a destination, a name template, settings and the generation choice. */
export const addToBatchInputSchema = z.object({
  sources: z
    .array(batchSourceSchema)
    .min(1, 'must name at least one project')
    .max(1000, 'must be at most 1000 projects'),
  destination: z
    .string()
    .min(1, 'must not be empty')
    .refine((value) => path.isAbsolute(value), 'must be an absolute folder path'),
  nameTemplate: z
    .string()
    .superRefine((value, context) => {
      const problem = nameTemplateProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_NAME_TEMPLATE),
  settings: projectExportSettingsSchema,
  generateMissing: z.boolean(),
  /** Replace files already in the destination (outputs of this batch are never replaced). */
  overwrite: z.boolean().default(false),
  /** One file per project (the default), or a folder or zip of its blocks or chapters. */
  mode: exportModeSchema.default('mix'),
  /** An image file the user named, embedded as the cover of MP3 output. */
  coverPath: z
    .string()
    .min(1, 'must not be empty')
    .refine((value) => path.isAbsolute(value), 'must be an absolute file path')
    .optional(),
  /** A video file the user named (the CLI's --video FILE): the picture of the `video` mode's export. */
  videoPath: z
    .string()
    .min(1, 'must not be empty')
    .refine((value) => path.isAbsolute(value), 'must be an absolute file path')
    .optional(),
});
export type AddToBatchInput = z.input<typeof addToBatchInputSchema>;
export type ParsedAddToBatchInput = z.output<typeof addToBatchInputSchema>;

/** The input checked, or an INVALID_INPUT error naming the first bad field (`settings.sampleRate must be …`). */
export function parseAddToBatchInput(input: unknown): ParsedAddToBatchInput {
  const parsed = addToBatchInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  throw new IpcError({
    code: 'INVALID_INPUT',
    field: field === '' ? 'input' : field,
    message: `${field === '' ? 'input' : field} ${issue?.message ?? 'is invalid'}`,
  });
}
