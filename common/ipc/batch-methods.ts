import { z } from 'zod';
import type { BatchItemProgress, BatchOverall, BatchSummary, BatchView } from '../batch/batch-types.js';
import { batchSourceSchema } from '../batch/batch-types.js';
import { projectExportSettingsSchema } from '../export/project-export-settings.js';
import type { EventSpec } from './define.js';
import { method } from './define.js';

const itemIdSchema = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

/**
 * The batch export queue. Main checks `batch.add` again with its own rules (absolute destination on this OS, a
 * valid name template) and names the field when one is broken.
 */
export const batchMethods = {
  'batch.get': method<BatchView>()(z.undefined()),
  'batch.add': method<BatchView>()(
    z
      .object({
        sources: z
          .array(batchSourceSchema)
          .min(1, 'must name at least one project')
          .max(1000, 'must be at most 1000 projects'),
        destination: z.string().min(1, 'is required').max(4096, 'must be at most 4096 characters'),
        nameTemplate: z.string().max(200, 'must be at most 200 characters').optional(),
        settings: projectExportSettingsSchema,
        generateMissing: z.boolean(),
        overwrite: z.boolean().optional(),
      })
      .strict(),
  ),
  'batch.pause': method<BatchView>()(z.object({ cancelCurrent: z.boolean().optional() }).strict()),
  'batch.resume': method<BatchView>()(z.undefined()),
  'batch.cancel': method<BatchView>()(z.object({ id: itemIdSchema }).strict()),
  'batch.retry': method<BatchView>()(z.object({ id: itemIdSchema }).strict()),
  'batch.remove': method<BatchView>()(z.object({ id: itemIdSchema }).strict()),
  'batch.clearFinished': method<BatchView>()(z.undefined()),
  'batch.summary': method<BatchSummary>()(z.undefined()),
};

export interface BatchEvents {
  'batch.changed': EventSpec<BatchView>;
  'batch.progress': EventSpec<{ item: BatchItemProgress; overall: BatchOverall }>;
}
