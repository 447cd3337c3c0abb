import type { Project, TrackName } from '../../../../common/project/project-schema.js';
import type { Selection } from '../../../stores/document-store.js';

export interface ClickModifiers {
  /** Ctrl (Cmd on macOS): add or remove one block. */
  toggle: boolean;
  /** Shift: select the range from the anchor, within one track. */
  range: boolean;
}

/** Block ids of a track in the order users see them: speech in sequence, effects and music by start time. */
export function trackOrder(project: Project, track: TrackName): string[] {
  if (track === 'speech') return project.tracks.speech.blocks.map((block) => block.id);
  return [...project.tracks[track].blocks]
    .sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id))
    .map((block) => block.id);
}

/** The selection after clicking a block, the way file managers and editors do it. */
export function clickSelection(
  current: Selection,
  blockId: string,
  modifiers: ClickModifiers,
  order: readonly string[],
): Selection {
  if (modifiers.range && current.anchorId !== null) {
    const from = order.indexOf(current.anchorId);
    const to = order.indexOf(blockId);
    if (from !== -1 && to !== -1) {
      const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
      const ids = modifiers.toggle ? [...new Set([...current.ids, ...range])] : range;
      // The anchor stays put, so a second shift-click re-ranges from the same block.
      return { ids, anchorId: current.anchorId };
    }
  }
  if (modifiers.toggle) {
    const ids = current.ids.includes(blockId)
      ? current.ids.filter((id) => id !== blockId)
      : [...current.ids, blockId];
    return { ids, anchorId: ids.includes(blockId) ? blockId : (ids.at(-1) ?? null) };
  }
  return { ids: [blockId], anchorId: blockId };
}
