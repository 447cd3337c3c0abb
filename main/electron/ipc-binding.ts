import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { ipcMain } from 'electron';
import { eventChannel, invokeChannel } from '../../common/ipc/contract.js';
import type { Dispatch } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { Logger } from '../services/logging/logger.js';
import { isTrustedSender } from './navigation-policy.js';

/**
 * Binds the contract to Electron IPC: one invoke channel answered by the shared dispatcher (which validates every
 * input), and one event channel fed by the event hub. Calls from any frame but our window's main frame showing our
 * own page are refused.
 */
export function bindIpc(
  getWindow: () => BrowserWindow | null,
  dispatch: Dispatch,
  events: EventHub,
  logger: Logger,
): () => void {
  ipcMain.handle(invokeChannel, async (event: IpcMainInvokeEvent, method: unknown, input: unknown) => {
    const window = getWindow();
    const frame = event.senderFrame;
    const trusted = isTrustedSender(
      frame ? { url: frame.url, isMainFrame: frame === event.sender.mainFrame } : null,
      window !== null && event.sender === window.webContents,
    );
    if (!trusted) {
      logger.warn(`Refused IPC call ${String(method)} from an untrusted frame`);
      return {
        ok: false,
        error: { code: 'INTERNAL', message: 'Refused: the caller is not the app window.' },
      };
    }
    return dispatch(method, input);
  });

  const unsubscribe = events.subscribe((name, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(eventChannel, name, payload);
  });

  return () => {
    ipcMain.removeHandler(invokeChannel);
    unsubscribe();
  };
}
