import { z } from 'zod';
import type { UpdateView } from '../updates/update-state.js';
import type { EventSpec } from './define.js';
import { method } from './define.js';

/** "Restart to update": done, or refused with the reason (something runs or is unsaved, or nothing is ready). */
type UpdateRestartAnswer = { ok: true } | { ok: false; reason: string };

/**
 * Updates of the installed app (main/services/updates): the state Settings shows, "Check now", automatic checks
 * on or off, and "Restart to update", which main refuses while work is running. The page says whether the open
 * project has unsaved edits (main cannot know them); main counts jobs, exports and imports itself.
 */
export const updateMethods = {
  'updates.get': method<UpdateView>()(z.undefined()),
  'updates.check': method<UpdateView>()(z.undefined()),
  'updates.setAutomatic': method<UpdateView>()(z.object({ enabled: z.boolean() }).strict()),
  'updates.restart': method<UpdateRestartAnswer>()(z.object({ unsavedProject: z.boolean() }).strict()),
};

export interface UpdateEvents {
  /** The update's state, or whether Restart may be offered, changed. */
  'updates.changed': EventSpec<UpdateView>;
}
