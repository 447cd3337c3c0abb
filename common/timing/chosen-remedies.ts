import type { TextBlock } from '../project/project-schema.js';
import type { FitRemedy } from './fit-remedies.js';

/**
 * The fit remedies a timed line has been given already, read from the line itself (so an undo, the inspector or
 * "Apply all" show in the fit check at once): a speech rate other than the natural 1, a stretch allowed, a dynamic
 * fit (it runs on), a mark to rewrite it.
 */
export function chosenRemedies(block: TextBlock): FitRemedy[] {
  const chosen: FitRemedy[] = [];
  if (block.speechRate !== undefined && block.speechRate !== 1) chosen.push('rate');
  if (block.timing?.allowStretch === true) chosen.push('stretch');
  if (block.timing?.fit === 'dynamic') chosen.push('run-on');
  if (block.timing?.rewrite === true) chosen.push('rewrite');
  return chosen;
}
