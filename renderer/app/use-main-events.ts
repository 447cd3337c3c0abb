import { useEffect } from 'react';
import type { TimbreClient } from '../../common/ipc/api.js';
import { useSettingsStore } from '../stores/settings-store.js';
import { useNoticeStore } from '../stores/notice-store.js';

/** The one place main's events are mapped into the renderer's stores. */
export function useMainEvents(client: TimbreClient): void {
  useEffect(() => {
    const unsubscribers = [
      client.on('settings.changed', (view) => useSettingsStore.getState().setView(view)),
      client.on('platform.notice', (notice) => useNoticeStore.getState().receive(notice)),
    ];
    client
      .invoke('settings.get')
      .then((view) => useSettingsStore.getState().setView(view))
      .catch((error: unknown) => useNoticeStore.getState().showError(error));
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [client]);
}
