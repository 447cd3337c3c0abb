import { useEffect } from 'react';
import type { AppStores } from '../stores/app-stores.js';
import { generationActions } from '../stores/generation-actions.js';
import { runMenuCommand } from './menu-command-runner.js';
import { openRequestedProject } from './open-requested-project.js';

/** The one place main's events are mapped into the renderer's stores. */
export function useMainEvents(stores: AppStores): void {
  useEffect(() => {
    const { client, settings, notices, serviceLibrary, generation, exportJobs } = stores;
    const showError = (error: unknown): void => notices.getState().showError(error);
    let announcedUpdate: string | null = null;
    const unsubscribers = [
      client.on('settings.changed', (view) => settings.getState().setView(view)),
      client.on('platform.notice', (notice) => notices.getState().receive(notice)),
      client.on('jobs.updated', (job) => generation.getState().upsertJob(job)),
      client.on('jobs.removed', ({ id }) => generation.getState().removeJob(id)),
      client.on('jobs.uploadProgress', ({ id, sentBytes, totalBytes }) =>
        generation.getState().setUpload(id, { sentBytes, totalBytes }),
      ),
      client.on('service.reachability', ({ serviceUrl, reachable }) =>
        generation.getState().setReachable(serviceUrl, reachable),
      ),
      client.on('voices.changed', ({ serviceUrl, voices: list }) =>
        serviceLibrary.getState().setVoices(serviceUrl, list),
      ),
      client.on('generation.updated', ({ projectId, segments }) =>
        generationActions(stores).receive(projectId, segments),
      ),
      client.on('batch.changed', (view) => exportJobs.getState().setQueue(view)),
      client.on('batch.progress', ({ item, overall }) => exportJobs.getState().queueProgress(item, overall)),
      client.on('menu.command', ({ command }) => runMenuCommand(command)),
      client.on('project.openRequested', ({ path }) => void openRequestedProject(stores, path)),
      client.on('export.progress', (progress) => exportJobs.getState().progress(progress)),
      client.on('export.finished', (finished) => exportJobs.getState().finish(finished)),
      // A small notice, once per version, when an update is ready: installing it stays the user's choice.
      client.on('updates.changed', ({ update }) => {
        if (update.state !== 'ready' || update.version === announcedUpdate) return;
        announcedUpdate = update.version;
        notices.getState().receive({
          kind: 'notification',
          title: `Timbre Studio ${update.version} is ready to install`,
          body: 'Restart to update from Settings → Updates when your work is done.',
        });
      }),
      // The library shown is the active service's: load it whenever that changes (and once at start).
      settings.subscribe((state, previous) => {
        const active = state.view?.activeServiceUrl ?? null;
        if (active === null || active === (previous.view?.activeServiceUrl ?? null)) return;
        client
          .invoke('voices.list')
          .then((list) => serviceLibrary.getState().setVoices(active, list))
          .catch(showError);
      }),
    ];
    client
      .invoke('jobs.list')
      .then((list) => generation.getState().replaceJobs(list))
      .catch(showError);
    client
      .invoke('settings.get')
      .then((view) => settings.getState().setView(view))
      .catch(showError);
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [stores]);
}
