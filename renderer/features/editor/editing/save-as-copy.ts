import type { AppStores } from '../../../stores/app-stores.js';

/**
 * What the user is told once edits that could not be saved over their project are kept as a new one: which
 * project now holds the edits (the copy, open in the editor) and which keeps the saved version — and, when blocks
 * are being generated, that their audio goes to the original, not the copy.
 */
function savedAsCopyNotice(input: { originalTitle: string; copyTitle: string; generating: boolean }): {
  title: string;
  body: string;
} {
  const { originalTitle, copyTitle, generating } = input;
  return {
    title: `Your edits are saved in “${copyTitle}”`,
    body:
      `“${copyTitle}” is a new project, open here now. “${originalTitle}” keeps its last saved version` +
      (generating
        ? `; the blocks being generated for it are written into “${originalTitle}”, not into the copy.`
        : '.'),
  };
}

/** Saves the open project's edits as a new project named as a copy, moves the editor to it and says so. */
export async function saveEditsAsCopy(stores: AppStores): Promise<boolean> {
  const current = stores.document.getState().doc;
  if (current === null) return false;
  const sent = current.project;
  const originalTitle = stores.document.getState().savedProject?.title ?? current.source.project.title;
  const generation = stores.generation.getState();
  const generating = generation.run !== null || Object.keys(generation.pending).length > 0;
  try {
    const created = await stores.client.invoke('projects.saveAsNew', { project: sent });
    stores.document.getState().moveToFile(created, sent);
    stores.notices.getState().receive({
      kind: 'notification',
      ...savedAsCopyNotice({ originalTitle, copyTitle: created.project.title, generating }),
    });
    return true;
  } catch (error) {
    stores.notices.getState().showError(error);
    return false;
  }
}
