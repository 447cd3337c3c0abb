import { EventEmitter } from 'node:events';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A recording test double of the `electron` module, for loading the built shell (dist/main/electron-main.cjs)
 * and preload where Electron's binary cannot be downloaded. It is not a second Electron: it runs no page and
 * no Chromium. It records what the shell asks of Electron (windows and their options, IPC handlers, protocol
 * handlers, permission handlers, dialogs) and lets a test play the part of the page and of the user.
 */
export interface RecordedWindow {
  readonly options: Record<string, unknown> & { webPreferences?: Record<string, unknown> };
  readonly webContents: FakeWebContents;
  loadedUrl: string | undefined;
  shown: boolean;
}

interface FakeFrame {
  url: string;
}

interface FakeWebContents extends EventEmitter {
  mainFrame: FakeFrame;
  sent: { channel: string; args: unknown[] }[];
  getURL(): string;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void;
}

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;
type ProtocolHandler = (request: Request) => Promise<Response>;
type PermissionRequestHandler = (
  webContents: { getURL(): string },
  permission: string,
  callback: (allowed: boolean) => void,
  details: Record<string, unknown>,
) => void;
type PermissionCheckHandler = (webContents: unknown, permission: string, requestingOrigin: string) => boolean;

export class ElectronDouble {
  readonly windows: RecordedWindow[] = [];
  readonly ipcHandlers = new Map<string, IpcHandler>();
  readonly protocolHandlers = new Map<string, ProtocolHandler>();
  readonly privilegedSchemes: unknown[] = [];
  readonly messageBoxes: Record<string, unknown>[] = [];
  /** What the user answers to the next message boxes (button indexes), in order; 0 when none is left. */
  readonly messageBoxAnswers: number[] = [];
  /** The options of every save dialog the shell opened, in order. */
  readonly saveDialogs: Record<string, unknown>[] = [];
  /** The paths the user picks in the next save dialogs, in order; cancelled when none is left. */
  readonly saveDialogAnswers: string[] = [];
  readonly exposedInMainWorld = new Map<string, unknown>();
  readonly rendererListeners: { channel: string }[] = [];
  readonly rendererInvocations: { channel: string; args: unknown[] }[] = [];
  /** Paths the shell asked the file manager to show. */
  readonly revealedPaths: string[] = [];
  /** Every application menu the shell set, in order (each is the template: buildFromTemplate returns it). */
  readonly applicationMenus: unknown[] = [];
  permissionRequestHandler: PermissionRequestHandler | undefined;
  permissionCheckHandler: PermissionCheckHandler | undefined;
  quitRequests = 0;
  relaunchRequests = 0;
  /** The options of every `app.relaunch` (undefined: the running binary again, with its arguments). */
  readonly relaunchOptions: unknown[] = [];
  /** What app.isPackaged answers (an installed copy); read each time, as Electron's property is. */
  packaged = false;
  /** What app.getVersion() answers (a test of updates sets the installed version). */
  version = '0.0.0-test';
  exitCode: number | undefined;
  /** Whether the shell hid the dock icon (`app.dock.hide()`, macOS). */
  dockHidden = false;
  /** Chromium switches the shell set (`app.commandLine`), by name; '' for a switch without a value. */
  readonly switches = new Map<string, string>();
  hardwareAccelerationDisabled = false;
  readonly appEvents = new EventEmitter();
  /** The paths the shell would get from app.getPath, as it set them. */
  readonly paths: Record<string, string>;
  private readyResolve: (() => void) | undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.readyResolve = resolve;
  });

  constructor(userDataDir: string) {
    this.paths = {
      userData: userDataDir,
      home: userDataDir,
      documents: userDataDir,
      temp: userDataDir,
      downloads: path.join(userDataDir, 'Downloads'),
    };
  }

  /** Lets `app.whenReady()` resolve, as Electron does once it has started. */
  becomeReady(): void {
    this.readyResolve?.();
  }

  /** Emits an app event the way Electron does, with a preventable event object; says whether it was prevented. */
  emitAppEvent(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.appEvents.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }

  /** The `electron` module as the shell and preload see it. */
  module(): Record<string, unknown> {
    const double = this.double();
    return {
      app: double.app,
      BrowserWindow: double.BrowserWindow,
      Menu: {
        buildFromTemplate: (template: unknown) => template,
        setApplicationMenu: (menu: unknown) => void this.applicationMenus.push(menu),
      },
      dialog: double.dialog,
      screen: {
        getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
        getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
      },
      // electron-updater asks for a session of its own; the double's requests go out with Node's http.
      session: { defaultSession: double.session, fromPartition: () => ({}) },
      shell: {
        openExternal: () => Promise.resolve(),
        trashItem: () => Promise.resolve(),
        showItemInFolder: (filePath: string) => void this.revealedPaths.push(filePath),
      },
      protocol: double.protocol,
      net: { fetch: fetchFile, request: netRequest },
      ipcMain: double.ipcMain,
      // electron-updater tells Electron's updater it is about to quit for an install.
      autoUpdater: new EventEmitter(),
      Notification: class {
        static isSupported(): boolean {
          return false;
        }
        show(): void {}
      },
      contextBridge: {
        exposeInMainWorld: (key: string, api: unknown) => this.exposedInMainWorld.set(key, api),
      },
      ipcRenderer: {
        on: (channel: string) => {
          this.rendererListeners.push({ channel });
        },
        invoke: (channel: string, ...args: unknown[]) => {
          this.rendererInvocations.push({ channel, args });
          return Promise.resolve({ ok: true, result: null });
        },
      },
    };
  }

  private double() {
    // The BrowserWindow class below needs the recorder from inside its own methods.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const recorder = this;
    const app = Object.assign(this.appEvents, {
      name: 'Timbre Studio',
      getPath: (name: string) => recorder.paths[name] ?? recorder.paths.userData,
      setPath: (name: string, value: string) => {
        recorder.paths[name] = value;
      },
      getVersion: () => recorder.version,
      getName: () => 'Timbre Studio',
      getAppPath: () => recorder.paths.userData,
      relaunch: (options?: unknown) => {
        recorder.relaunchRequests += 1;
        recorder.relaunchOptions.push(options);
      },
      requestSingleInstanceLock: () => true,
      whenReady: () => recorder.ready,
      quit: () => {
        recorder.quitRequests += 1;
      },
      exit: (code: number) => {
        recorder.exitCode = code;
      },
      commandLine: {
        appendSwitch: (name: string, value?: string) => {
          // As Chromium: a switch that already has a value keeps it.
          if (!recorder.switches.has(name)) recorder.switches.set(name, value ?? '');
        },
        removeSwitch: (name: string) => void recorder.switches.delete(name),
        hasSwitch: (name: string) => recorder.switches.has(name),
        getSwitchValue: (name: string) => recorder.switches.get(name) ?? '',
      },
      disableHardwareAcceleration: () => {
        recorder.hardwareAccelerationDisabled = true;
      },
      // macOS's dock (absent elsewhere in Electron; the shell must cope with both, `app.dock?.hide()`).
      dock: {
        hide: () => {
          recorder.dockHidden = true;
        },
      },
      setAboutPanelOptions: () => undefined,
      addRecentDocument: () => undefined,
    });
    Object.defineProperty(app, 'isPackaged', {
      get: () => recorder.packaged,
      set: (value: boolean) => (recorder.packaged = value),
    });

    class BrowserWindow extends EventEmitter {
      static getAllWindows(): unknown[] {
        return recorder.windows;
      }
      readonly webContents: FakeWebContents;
      private readonly record: RecordedWindow;

      constructor(options: RecordedWindow['options']) {
        super();
        const contents = Object.assign(new EventEmitter(), {
          mainFrame: { url: '' },
          sent: [] as { channel: string; args: unknown[] }[],
          getURL: () => contents.mainFrame.url,
          isDestroyed: () => false,
          send: (channel: string, ...args: unknown[]) => contents.sent.push({ channel, args }),
          setWindowOpenHandler: () => undefined,
        });
        this.webContents = contents;
        this.record = { options, webContents: contents, loadedUrl: undefined, shown: false };
        recorder.windows.push(this.record);
        recorder.appEvents.emit('web-contents-created', {}, contents);
      }

      loadURL(url: string): Promise<void> {
        this.record.loadedUrl = url;
        this.webContents.mainFrame.url = url;
        this.emit('ready-to-show');
        this.webContents.emit('did-finish-load');
        return Promise.resolve();
      }
      show(): void {
        this.record.shown = true;
      }
      maximize(): void {}
      restore(): void {}
      focus(): void {}
      isMinimized(): boolean {
        return false;
      }
      isMaximized(): boolean {
        return false;
      }
      isFocused(): boolean {
        return true;
      }
      isDestroyed(): boolean {
        return false;
      }
      setProgressBar(): void {}
      getNormalBounds() {
        return { x: 0, y: 0, width: 1280, height: 800 };
      }
    }

    return {
      app,
      BrowserWindow,
      dialog: {
        showMessageBoxSync: (options: Record<string, unknown>) => {
          recorder.messageBoxes.push(options);
          return recorder.messageBoxAnswers.shift() ?? 0;
        },
        // Electron takes (window, options) or (options).
        showSaveDialog: (...args: unknown[]) => {
          recorder.saveDialogs.push(args.at(-1) as Record<string, unknown>);
          const filePath = recorder.saveDialogAnswers.shift();
          return Promise.resolve(filePath === undefined ? { canceled: true } : { canceled: false, filePath });
        },
        showOpenDialog: () => Promise.resolve({ canceled: true, filePaths: [] }),
      },
      session: {
        setPermissionRequestHandler: (handler: PermissionRequestHandler) => {
          recorder.permissionRequestHandler = handler;
        },
        setPermissionCheckHandler: (handler: PermissionCheckHandler) => {
          recorder.permissionCheckHandler = handler;
        },
      },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown[]) => recorder.privilegedSchemes.push(...schemes),
        handle: (scheme: string, handler: ProtocolHandler) => recorder.protocolHandlers.set(scheme, handler),
      },
      ipcMain: {
        handle: (channel: string, handler: IpcHandler) => recorder.ipcHandlers.set(channel, handler),
        removeHandler: (channel: string) => recorder.ipcHandlers.delete(channel),
      },
    };
  }
}

/** Electron's net.fetch for the file: URLs the shell reads the renderer with. */
async function fetchFile(url: string): Promise<Response> {
  try {
    const bytes = await readFile(fileURLToPath(url));
    return new Response(bytes, { status: 200 });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

/**
 * Electron's net.request for electron-updater, made with Node's http: the same ClientRequest events ('response',
 * 'error', 'socket') and a readable response with statusCode and headers. Electron-only options are dropped.
 */
function netRequest(options: Record<string, unknown>): http.ClientRequest {
  const { session: _session, redirect: _redirect, ...plain } = options;
  return (plain.protocol === 'https:' ? https : http).request(plain);
}
