import { mkdir, rename } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import type { EventHub } from '../ipc/event-hub.js';
import type { PathChooser, Platform } from '../platform/platform.js';

/**
 * The browser shell's stand-ins for OS services: notifications and progress become events the page shows
 * in-app, and "trash" is a folder in the data directory the user can restore from.
 */
export class BrowserPlatform implements Platform {
  readonly shell = 'browser' as const;
  /** Where browsers save downloads; the report suggests home instead where it does not exist. */
  readonly downloadsDir = path.join(homedir(), 'Downloads');

  constructor(
    readonly dataDir: string,
    readonly appVersion: string,
    private readonly events: EventHub,
    /** Main's chooser window, which stands in for the OS save and folder dialogs. */
    readonly chooser?: PathChooser,
  ) {}

  notify(title: string, body: string): void {
    this.events.emit('platform.notice', { kind: 'notification', title, body });
  }

  setProgress(fraction: number | null): void {
    this.events.emit('platform.notice', { kind: 'progress', progress: fraction });
  }

  async trashItem(filePath: string): Promise<void> {
    const trashDir = path.join(this.dataDir, 'trash');
    await mkdir(trashDir, { recursive: true });
    await rename(filePath, path.join(trashDir, `${Date.now()}-${path.basename(filePath)}`));
  }

  chooseSavePath(): Promise<string | null> {
    // A page cannot open a native save dialog for main's file system; the export dialog asks for a path.
    return Promise.resolve(null);
  }

  chooseFolder(): Promise<string | null> {
    // The page opens main's own chooser window instead (files.openChooser).
    return Promise.resolve(null);
  }

  noteRecentDocument(): void {
    // A browser tab has no recent-documents list; the Projects page shows recent projects itself.
  }

  isFocused(): boolean {
    // The page cannot be asked synchronously; notifications are shown in-app, where they never intrude.
    return false;
  }
}
