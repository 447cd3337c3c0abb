import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderListing } from '../../common/ipc/files-methods.js';
import { FileChooser } from './FileChooser.js';
import { styleSheetText } from '../test-support/style-sheet.js';
import { layoutChromium } from '../test-support/chromium.js';

// The app's style sheet, read by Playwright from disk (the renderer's tests load CSS as empty modules).
const styleSheet = `${process.cwd()}/renderer/styles.css`;

/**
 * A fresh install's file system as main's chooser server answers it: /home/me exists with Music in it, the
 * default export folder ~/Timbre Studio Exports does not exist yet (listed as its nearest existing ancestor).
 */
function freshInstall(): { browse(folder: string): Promise<FolderListing>; browsed: string[] } {
  const browsed: string[] = [];
  const folders: Record<string, FolderListing> = {
    '/home/me': {
      folder: '/home/me',
      parent: '/home',
      home: '/home/me',
      entries: [
        { name: 'Music', kind: 'folder' },
        { name: 'Old.wav', kind: 'file' },
      ],
    },
    '/home': { folder: '/home', parent: '/', home: '/home/me', entries: [{ name: 'me', kind: 'folder' }] },
  };
  return {
    browsed,
    browse: (folder) => {
      browsed.push(folder);
      const listing =
        folders[folder] ??
        (folder.startsWith('/home/me/') ? { ...folders['/home/me']!, missing: folder } : undefined);
      return listing ? Promise.resolve(listing) : Promise.reject(new Error(`${folder} cannot be opened.`));
    },
  };
}

describe('FileChooser', () => {
  afterEach(cleanup);

  it('starts in a default export folder that does not exist yet with Up, Home and the nearest folder’s contents', async () => {
    const files = freshInstall();
    const picks: string[] = [];
    render(
      <FileChooser
        kind="save-file"
        initialPath="/home/me/Timbre Studio Exports/Harbour.wav"
        home="/home/me"
        armed
        browse={files.browse}
        choose={(chosen) => {
          picks.push(chosen);
          return Promise.resolve();
        }}
        onCancel={() => undefined}
      />,
    );
    // Not a dead end: the missing folder is named, what exists around it is listed, and choosing creates it.
    expect((await screen.findByTestId('file-chooser-missing')).textContent).toBe(
      '/home/me/Timbre Studio Exports does not exist yet: saving there creates it. Below is /home/me, the nearest folder that exists.',
    );
    expect(screen.getByRole('button', { name: 'Music' })).toBeTruthy();
    expect(screen.queryByTestId('file-chooser-problem')).toBeNull();
    expect(screen.getByTestId('file-chooser-choose').textContent).toBe('Create it and save here');
    expect(screen.getByRole('button', { name: 'Up' })).toHaveProperty('disabled', false);

    await act(async () => {
      fireEvent.click(screen.getByTestId('file-chooser-choose'));
      await Promise.resolve();
    });
    expect(picks).toEqual(['/home/me/Timbre Studio Exports/Harbour.wav']);

    // Up leads to the folder above the missing one; a listed folder opens from the one listed.
    fireEvent.click(screen.getByRole('button', { name: 'Up' }));
    await waitFor(() => expect(screen.queryByTestId('file-chooser-missing')).toBeNull());
    expect(screen.getByTestId<HTMLInputElement>('file-chooser-folder').value).toBe('/home/me');
    expect(screen.getByTestId('file-chooser-choose').textContent).toBe('Save here');
    fireEvent.click(screen.getByRole('button', { name: 'Music' }));
    await waitFor(() => expect(files.browsed.at(-1)).toBe('/home/me/Music'));
  });

  it('goes home even when no folder could be listed yet', async () => {
    const files = freshInstall();
    render(
      <FileChooser
        kind="folder"
        initialPath="/srv/locked"
        home="/home/me"
        armed
        browse={files.browse}
        choose={() => Promise.resolve()}
        onCancel={() => undefined}
      />,
    );
    expect((await screen.findByTestId('file-chooser-problem')).textContent).toBe(
      '/srv/locked cannot be opened.',
    );
    expect(screen.getByRole('button', { name: 'Up' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Home' }));
    await screen.findByRole('button', { name: 'Music' });
    expect(screen.getByTestId<HTMLInputElement>('file-chooser-folder').value).toBe('/home/me');
    expect(screen.queryByTestId('file-chooser-problem')).toBeNull();
  });

  it('draws its folder icons in CSS, so they show in a browser without an emoji font', async () => {
    const files = freshInstall();
    render(
      <FileChooser
        kind="folder"
        initialPath="/home/me"
        home="/home/me"
        armed
        browse={files.browse}
        choose={() => Promise.resolve()}
        onCancel={() => undefined}
      />,
    );
    const music = await screen.findByRole('button', { name: 'Music' });
    // No emoji in the text (Debian's Chromium drew 📁 as an empty box).
    expect(music.textContent).toBe('Music');
    const markup = screen.getByTestId('file-chooser').outerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      const page = await browser.newPage({ viewport: { width: 760, height: 400 } });
      await page.setContent(`<!doctype html><main>${markup}</main>`);
      await page.addStyleTag({ content: styleSheetText(styleSheet) });
      const icon = await page.locator('.folder-icon').first().boundingBox();
      expect(icon?.width).toBeGreaterThanOrEqual(12);
      expect(icon?.height).toBeGreaterThanOrEqual(8);
      const colour = await page
        .locator('.folder-icon')
        .first()
        .evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(colour).not.toBe('rgba(0, 0, 0, 0)');
    } finally {
      await browser.close();
    }
  }, 60_000);
});
