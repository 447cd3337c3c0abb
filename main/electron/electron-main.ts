import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BrowserWindow, Menu, app, dialog, screen, session, shell } from 'electron';
import { createAppServices } from '../app/app-services.js';
import type { AppServices } from '../app/app-services.js';
import { cliArgumentsOf } from '../desktop/cli-argv.js';
import { OpenFileRouter } from '../desktop/open-file-router.js';
import { projectPathsFromArgv } from '../desktop/project-file-args.js';
import { decideQuit } from '../desktop/quit-guard.js';
import { restoreWindowBounds } from '../desktop/window-state.js';
import type { WindowState } from '../desktop/window-state.js';
import { EventHub } from '../ipc/event-hub.js';
import { FileLogger } from '../services/logging/logger.js';
import { writeJsonAtomic } from '../services/storage/atomic-file.js';
import { ElectronUpdaterBackend } from '../services/updates/electron-updater-backend.js';
import { installFailureNotice } from '../services/updates/update-failure.js';
import { appEntryUrl } from './app-origin.js';
import { registerAppScheme, serveRenderer } from './app-protocol.js';
import { runCliInElectron } from './electron-cli.js';
import { cliMenuItems } from './cli-menu.js';
import { ElectronPlatform } from './electron-platform.js';
import { bindIpc } from './ipc-binding.js';
import type { KeyBindings } from '../../common/commands/key-bindings.js';
import { buildMenuTemplate } from './menu-template.js';
import { isPermissionAllowed, isSafeExternalUrl, shouldBlockNavigation } from './navigation-policy.js';
import { buildWindowOptions } from './window-options.js';

/**
 * The Electron shell: a thin layer that creates the secure window, routes OS integration (files to open, quit,
 * window state) and binds the shared services to IPC. Everything else is plain TypeScript shared with the
 * browser shell. The bundle is CommonJS, so __dirname is the folder of dist/main.
 */
let mainWindow: BrowserWindow | null = null;
let services: AppServices | null = null;
let quitConfirmed = false;
/** Set by "Restart to update": once the services are stopped, the update is installed instead of a plain quit. */
let installUpdateOnQuit = false;
const openFiles = new OpenFileRouter();
const windowStatePath = (): string => path.join(app.getPath('userData'), 'window-state.json');

registerAppScheme();
// `npm start` keeps development data where the stand-in's lives; a packaged app always uses the OS default.
if (!app.isPackaged && process.env.TIMBRE_DATA_DIR) app.setPath('userData', process.env.TIMBRE_DATA_DIR);

const cliArguments = cliArgumentsOf(process.argv);
if (cliArguments) {
  // `"Timbre Studio" --cli …` (resources/bin/timbre): the command line tool, no window and no instance lock.
  runCliInElectron(cliArguments);
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  openFiles.openAll(projectPathsFromArgv(process.argv, process.cwd()));
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    openFiles.open(filePath);
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    openFiles.openAll(projectPathsFromArgv(argv, workingDirectory));
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
  // A failure anywhere in start-up ends the app with the reason, never a process without a window.
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      process.stderr.write(`Timbre Studio could not start: ${String(error)}\n`);
      app.exit(1);
    });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && services) void createWindow();
  });
  app.on('before-quit', (event) => {
    if (!services) return;
    const decision = decideQuit(services.activity(), quitConfirmed);
    if (decision.action === 'ask') {
      event.preventDefault();
      const choice = dialog.showMessageBoxSync({
        type: 'question',
        buttons: [decision.stayLabel, decision.quitLabel],
        defaultId: 0,
        cancelId: 0,
        message: decision.message,
        detail: decision.detail,
      });
      if (choice === 1) {
        quitConfirmed = true;
        app.quit();
      } else {
        installUpdateOnQuit = false;
      }
      return;
    }
    const running = services;
    services = null;
    event.preventDefault();
    void running.dispose().finally(() => (installUpdateOnQuit ? running.updates.install() : app.quit()));
  });
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const logger = new FileLogger(path.join(dataDir, 'logs', 'main.log'));
  const events = new EventHub();
  const platform = new ElectronPlatform(dataDir, app.getVersion(), () => mainWindow);
  const standinUrl = app.isPackaged ? undefined : process.env.TIMBRE_STANDIN_URL;
  services = await createAppServices({
    platform,
    logger,
    events,
    // This bundle is CommonJS (no import.meta.url): the worker bundle sits beside it (scripts/build.mjs).
    exportWorkerEntry: path.join(__dirname, 'export-worker.mjs'),
    importWorkerEntry: path.join(__dirname, 'import-worker.mjs'),
    updates: {
      packaged: app.isPackaged,
      envFeedUrl: process.env.TIMBRE_UPDATE_FEED_URL,
      createBackend: (feed) => new ElectronUpdaterBackend({ ...feed, dataDir, logger }),
      // The normal quit path: the services stop first (before-quit), then the update is installed.
      restartToInstall: () => {
        installUpdateOnQuit = true;
        app.quit();
      },
      // The services are stopped by then: say why, and start the installed copy again if it is still there. An
      // AppImage runs from a temporary mount that is gone once the app quits: it starts again from its own file.
      installFailed: (reason) => {
        const appImage = app.isPackaged ? process.env.APPIMAGE : undefined;
        const installedPath = appImage ?? process.execPath;
        const notice = installFailureNotice(reason, {
          path: installedPath,
          exists: existsSync(installedPath),
        });
        dialog.showMessageBoxSync({
          type: 'warning',
          message: 'The update could not be installed',
          detail: notice.detail,
        });
        if (notice.startsAgain) app.relaunch(appImage ? { execPath: appImage } : undefined);
        app.quit();
      },
    },
    ...(standinUrl
      ? {
          devStandin: {
            url: standinUrl,
            token: process.env.TIMBRE_STANDIN_TOKEN ?? 'standin-paid',
            voiceIds: (process.env.TIMBRE_STANDIN_VOICES ?? '').split(',').filter(Boolean),
          },
        }
      : {}),
  });

  session.defaultSession.setPermissionRequestHandler((webContents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(isPermissionAllowed(permission, webContents.getURL(), mediaTypes));
  });
  session.defaultSession.setPermissionCheckHandler((_webContents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, ['audio']),
  );

  app.setAboutPanelOptions({
    applicationName: 'Timbre Studio',
    applicationVersion: app.getVersion(),
    copyright: 'Copyright © 2026 Timbre Studio',
  });
  serveRenderer(path.join(__dirname, '..', 'renderer'), services.media, services.videos);
  bindIpc(() => mainWindow, services.dispatch, services.events, logger);
  const running = services;
  // macOS: Install/Uninstall 'timbre' command in the app menu (the installer exists only in a packaged app).
  const cliItems =
    process.platform === 'darwin'
      ? cliMenuItems(platform.cliCommand.installer, (type, message, detail) => {
          void dialog.showMessageBox({ type, message, ...(detail ? { detail } : {}) });
        })
      : [];
  const setMenu = (keyBindings: KeyBindings): void =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        buildMenuTemplate(
          process.platform,
          app.name,
          (command) => running.events.emit('menu.command', { command }),
          keyBindings,
          cliItems,
        ),
      ),
    );
  // The menu shows the keys the user gave commands in Settings: built again whenever they change.
  let shownBindings = JSON.stringify(running.settings.current().keyBindings);
  setMenu(running.settings.current().keyBindings);
  running.settings.onChange(({ keyBindings }) => {
    if (JSON.stringify(keyBindings) === shownBindings) return;
    shownBindings = JSON.stringify(keyBindings);
    setMenu(keyBindings);
  });
  await createWindow();
  // The first check waits a little, so it never slows the start; then every four hours.
  running.updates.start();
}

async function createWindow(): Promise<void> {
  const saved: unknown = await readFile(windowStatePath(), 'utf8').then(
    (text) => JSON.parse(text) as unknown,
    () => undefined,
  );
  const bounds = restoreWindowBounds(
    saved,
    [screen.getPrimaryDisplay(), ...screen.getAllDisplays()].map((display) => display.workArea),
  );
  const window = new BrowserWindow(
    buildWindowOptions(path.join(__dirname, '..', 'preload', 'preload.cjs'), {
      x: bounds.x,
      y: bounds.y,
      width: bounds.width,
      height: bounds.height,
    }),
  );
  mainWindow = window;
  window.once('ready-to-show', () => {
    if (bounds.maximized) window.maximize();
    window.show();
  });
  window.webContents.once('did-finish-load', () => {
    // Files the OS asked us to open wait until the page can receive them.
    openFiles.attach((filePath) => {
      app.addRecentDocument(filePath);
      services?.openProjectFile(filePath);
    });
  });
  window.on('close', () => {
    const state: WindowState = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    void writeJsonAtomic(windowStatePath(), state);
  });
  window.on('closed', () => {
    mainWindow = null;
  });
  await window.loadURL(appEntryUrl);
}
