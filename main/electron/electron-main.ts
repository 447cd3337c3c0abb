import path from 'node:path';
import { BrowserWindow, Menu, app, session, shell } from 'electron';
import { createAppServices } from '../app/app-services.js';
import type { AppServices } from '../app/app-services.js';
import { EventHub } from '../ipc/event-hub.js';
import { FileLogger } from '../services/logging/logger.js';
import { appEntryUrl } from './app-origin.js';
import { registerAppScheme, serveRenderer } from './app-protocol.js';
import { ElectronPlatform } from './electron-platform.js';
import { bindIpc } from './ipc-binding.js';
import { buildMenuTemplate } from './menu-template.js';
import { isPermissionAllowed, isSafeExternalUrl, shouldBlockNavigation } from './navigation-policy.js';
import { buildWindowOptions } from './window-options.js';

/**
 * The Electron shell: a thin layer that creates the secure window and binds the shared services to IPC.
 * Everything else is plain TypeScript shared with the browser shell.
 */
let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
    }
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (shouldBlockNavigation(url, contents.getURL())) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      if (isSafeExternalUrl(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
  app.whenReady().then(start, (error: unknown) => {
    process.stderr.write(`Timbre Studio could not start: ${String(error)}\n`);
    app.exit(1);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && services) createWindow();
  });
  app.on('before-quit', () => {
    void services?.dispose();
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const logger = new FileLogger(path.join(dataDir, 'logs', 'main.log'));
  const events = new EventHub();
  const platform = new ElectronPlatform(dataDir, app.getVersion(), () => mainWindow);
  services = await createAppServices({ platform, logger, events });

  session.defaultSession.setPermissionRequestHandler((webContents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(isPermissionAllowed(permission, webContents.getURL(), mediaTypes));
  });
  session.defaultSession.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, ['audio']),
  );

  serveRenderer(path.join(__dirname, '..', 'renderer'));
  bindIpc(() => mainWindow, services.dispatch, services.events, logger);
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(process.platform, app.name)));
  createWindow();
}

function createWindow(): void {
  mainWindow = new BrowserWindow(
    buildWindowOptions(path.join(__dirname, '..', 'preload', 'preload.cjs'), { width: 1280, height: 820 }),
  );
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  void mainWindow.loadURL(appEntryUrl);
}
