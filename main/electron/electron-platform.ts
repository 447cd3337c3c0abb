import os from 'node:os';
import type { BrowserWindow } from 'electron';
import { Notification, app, dialog, shell } from 'electron';
import { VIDEO_FILE_EXTENSIONS } from '../../common/ipc/video-methods.js';
import type { Platform, SaveFileType } from '../platform/platform.js';
import { cliCommandSetup } from '../services/cli-install/cli-command-setup.js';
import { macosPrivilegedRun } from '../services/cli-install/macos-privileged-run.js';

/** OS services through Electron: native notifications, taskbar/dock progress, the real trash. */
export class ElectronPlatform implements Platform {
  readonly shell = 'electron' as const;
  /** The `timbre` launcher in <resources>/bin of an installed app; `npx timbre` when started from a checkout. */
  readonly cliCommand = cliCommandSetup({
    platform: process.platform,
    packaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    env: process.env,
    home: os.homedir(),
    ...(process.platform === 'darwin' ? { runPrivileged: macosPrivilegedRun } : {}),
  });

  constructor(
    readonly dataDir: string,
    readonly appVersion: string,
    private readonly getWindow: () => BrowserWindow | null,
  ) {}

  /** Asked each time: Electron knows it only once ready, and it follows the user's XDG/Known Folder setting. */
  get downloadsDir(): string {
    return app.getPath('downloads');
  }

  notify(title: string, body: string): void {
    if (Notification.isSupported()) new Notification({ title, body }).show();
  }

  setProgress(fraction: number | null): void {
    this.getWindow()?.setProgressBar(fraction === null ? -1 : Math.min(1, Math.max(0, fraction)));
  }

  trashItem(filePath: string): Promise<void> {
    return shell.trashItem(filePath);
  }

  async chooseSavePath(suggestedPath: string, fileType?: SaveFileType): Promise<string | null> {
    const window = this.getWindow();
    const options: Electron.SaveDialogOptions = {
      defaultPath: suggestedPath,
      properties: ['createDirectory', 'showOverwriteConfirmation'],
      ...(fileType ? { filters: [{ name: fileType.name, extensions: [...fileType.extensions] }] } : {}),
    };
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  }

  async chooseFolder(suggestedPath: string): Promise<string | null> {
    const window = this.getWindow();
    const options = {
      defaultPath: suggestedPath,
      properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
    };
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }

  async chooseVideoFile(suggestedPath: string | undefined): Promise<string | null> {
    const window = this.getWindow();
    const options: Electron.OpenDialogOptions = {
      title: 'Choose a reference video',
      ...(suggestedPath === undefined ? {} : { defaultPath: suggestedPath }),
      properties: ['openFile'],
      filters: [{ name: 'Video (MP4, MOV, M4V, WebM)', extensions: [...VIDEO_FILE_EXTENSIONS] }],
    };
    const result = window
      ? await dialog.showOpenDialog(window, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  }

  noteRecentDocument(filePath: string): void {
    app.addRecentDocument(filePath);
  }

  isFocused(): boolean {
    return this.getWindow()?.isFocused() ?? false;
  }

  revealInFolder(filePath: string): void {
    shell.showItemInFolder(filePath);
  }
}
