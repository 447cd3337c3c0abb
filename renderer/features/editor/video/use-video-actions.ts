import { useState } from 'react';
import type { OriginalAudio } from '../../../../common/project/timing-schema.js';
import { relocateVideo, removeVideo, setVideo } from '../../../../common/project/video-edits.js';
import { setOriginalAudio as originalAudioEdit } from '../../../../common/project/original-audio-edits.js';
import { appInfoOf } from '../../../app/use-app-info.js';
import { editDocument } from '../../../stores/document-actions.js';
import { useAppStores } from '../../../stores/stores-context.js';
import type { AppStores } from '../../../stores/app-stores.js';

/** Why the chooser window is open (the browser shell has no OS dialog): a new video, or the missing one again. */
export type VideoChoice = 'add' | 'locate';

/*
 * Choosing, locating and removing the reference video, and its original sound's settings: each change of the
 * project is one undoable edit; the file itself is chosen, probed and served by main (video.* in common/ipc).
 */
export function useVideoActions() {
  const stores = useAppStores();
  const [choosing, setChoosing] = useState<VideoChoice | null>(null);
  const [busy, setBusy] = useState(false);

  /** The OS dialog in Electron; in the browser shell, main's chooser window (rendered while `choosing`). */
  const choose = async (why: VideoChoice): Promise<void> => {
    const info = await appInfoOf(stores);
    if (info.shell === 'browser') {
      setChoosing(why);
      return;
    }
    const initialPath = stores.document.getState().doc?.project.video?.path;
    const picked = await stores.client.invoke(
      'video.choose',
      initialPath === undefined ? {} : { initialPath },
    );
    if (picked.path !== null) await chosen(why, picked.path);
  };

  /** Main granted `path` (dialog or chooser): probe it and put it in the project. */
  const chosen = async (why: VideoChoice, path: string): Promise<void> => {
    setChoosing(null);
    setBusy(true);
    try {
      await applyChosenVideo(stores, why, path);
    } catch (caught) {
      stores.notices.getState().showError(caught);
    } finally {
      setBusy(false);
    }
  };

  const remove = (): void => {
    editDocument(stores, removeVideo, { label: 'Remove the reference video' });
  };

  const setOriginalAudio = (change: Partial<OriginalAudio>, coalesceKey?: string): void => {
    editDocument(stores, (project) => originalAudioEdit(project, change), {
      label: 'Change the original audio',
      ...(coalesceKey === undefined ? {} : { coalesceKey }),
    });
  };

  return {
    choosing,
    busy,
    choose: (why: VideoChoice) =>
      void choose(why).catch((caught) => stores.notices.getState().showError(caught)),
    chosen: (path: string) => void chosen(choosing ?? 'add', path),
    cancelChoosing: () => setChoosing(null),
    remove,
    setOriginalAudio,
  };
}

async function applyChosenVideo(stores: AppStores, why: VideoChoice, path: string): Promise<void> {
  const previous = stores.document.getState().doc?.project.video;
  if (why === 'locate' && previous !== undefined) {
    const located = await stores.client.invoke('video.locate', { path, previous });
    if (
      !editDocument(stores, (project) => relocateVideo(project, located.video), {
        label: 'Locate the reference video',
      })
    ) {
      return;
    }
    stores.videoSource.getState().chosen(path, located.url);
    if (located.durationNote !== null) {
      stores.notices
        .getState()
        .receive({ kind: 'notification', title: 'The video was found', body: located.durationNote });
    }
    return;
  }
  const facts = await stores.client.invoke('video.probe', { path });
  // A replaced video keeps the original sound's settings the user made, when the new one has sound too.
  const originalAudio =
    facts.video.originalAudio === undefined
      ? undefined
      : (previous?.originalAudio ?? facts.video.originalAudio);
  const video = { ...facts.video, ...(originalAudio === undefined ? {} : { originalAudio }) };
  const label = previous === undefined ? 'Add a reference video' : 'Replace the reference video';
  if (!editDocument(stores, (project) => setVideo(project, video), { label })) return;
  stores.videoSource.getState().chosen(path, facts.url);
  if (facts.soundNote !== null) {
    stores.notices
      .getState()
      .receive({ kind: 'notification', title: 'The video’s own sound is not used', body: facts.soundNote });
  }
}
