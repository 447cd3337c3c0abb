import { useEffect } from 'react';
import type { TimbreClient } from '../../common/ipc/api.js';
import { useSettingsStore } from '../stores/settings-store.js';
import { useJobsStore } from '../stores/jobs-store.js';
import { useNoticeStore } from '../stores/notice-store.js';
import { useVoicesStore } from '../stores/voices-store.js';
import { useGenerationStore } from '../stores/generation-store.js';
import { applyGenerationToDocument } from '../stores/document-generation.js';
import { useExportStore } from '../stores/export-store.js';
import { runMenuCommand } from './menu-command-runner.js';
import { useBatchStore } from '../stores/batch-store.js';
import { openRequestedProject } from './open-requested-project.js';

/** The one place main's events are mapped into the renderer's stores. */
export function useMainEvents(client: TimbreClient): void {
  useEffect(() => {
    const unsubscribers = [
      client.on('settings.changed', (view) => useSettingsStore.getState().setView(view)),
      client.on('platform.notice', (notice) => useNoticeStore.getState().receive(notice)),
      client.on('jobs.updated', (job) => useJobsStore.getState().upsert(job)),
      client.on('jobs.removed', ({ id }) => useJobsStore.getState().remove(id)),
      client.on('jobs.uploadProgress', ({ id, sentBytes, totalBytes }) =>
        useJobsStore.getState().setUpload(id, { sentBytes, totalBytes }),
      ),
      client.on('service.reachability', ({ serviceUrl, reachable }) =>
        useJobsStore.getState().setReachable(serviceUrl, reachable),
      ),
      client.on('voices.changed', ({ serviceUrl, voices }) =>
        useVoicesStore.getState().setVoices(serviceUrl, voices),
      ),
      client.on('generation.updated', ({ projectId, segments }) => {
        useGenerationStore.getState().receive(segments);
        applyGenerationToDocument(projectId, segments);
      }),
      client.on('batch.changed', (view) => useBatchStore.getState().setView(view)),
      client.on('batch.progress', ({ item, overall }) => useBatchStore.getState().progress(item, overall)),
      client.on('menu.command', ({ command }) => runMenuCommand(command)),
      client.on('project.openRequested', ({ path }) => void openRequestedProject(path)),
      client.on('export.progress', (progress) => useExportStore.getState().progress(progress)),
      client.on('export.finished', (finished) => useExportStore.getState().finish(finished)),
      // The library shown is the active service's: load it whenever that changes (and once at start).
      useSettingsStore.subscribe((state, previous) => {
        const active = state.view?.activeServiceUrl ?? null;
        if (active === null || active === (previous.view?.activeServiceUrl ?? null)) return;
        client
          .invoke('voices.list')
          .then((voices) => useVoicesStore.getState().setVoices(active, voices))
          .catch((error: unknown) => useNoticeStore.getState().showError(error));
      }),
    ];
    client
      .invoke('jobs.list')
      .then((jobs) => useJobsStore.getState().replaceAll(jobs))
      .catch((error: unknown) => useNoticeStore.getState().showError(error));
    client
      .invoke('settings.get')
      .then((view) => useSettingsStore.getState().setView(view))
      .catch((error: unknown) => useNoticeStore.getState().showError(error));
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [client]);
}
