import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderListing } from '../../common/ipc/files-methods.js';
import { FileChooser } from './FileChooser.js';

const films: FolderListing = {
  folder: '/home/me/Films',
  parent: '/home/me',
  home: '/home/me',
  entries: [
    { name: 'Dailies', kind: 'folder' },
    { name: 'scene.mp4', kind: 'file' },
  ],
};

function renderOpenVideo(initialPath: string, picks: string[], browsed: string[]): void {
  render(
    <FileChooser
      kind="open-video"
      initialPath={initialPath}
      home="/home/me"
      armed
      browse={(folder) => {
        browsed.push(folder);
        return Promise.resolve({ ...films, folder });
      }}
      choose={(chosen) => {
        picks.push(chosen);
        return Promise.resolve();
      }}
      onCancel={() => undefined}
    />,
  );
}

/** The chooser as the browser shell's open dialog for a reference video. */
describe('FileChooser (open-video)', () => {
  afterEach(cleanup);

  it('starts in the folder given, opens the video clicked, and asks for one when none is chosen', async () => {
    const picks: string[] = [];
    const browsed: string[] = [];
    renderOpenVideo('/home/me/Films', picks, browsed);
    expect(browsed).toEqual(['/home/me/Films']);
    const scene = await screen.findByText('scene.mp4');
    const open = screen.getByTestId('file-chooser-choose');
    expect(open.textContent).toBe('Open');
    await act(async () => {
      fireEvent.click(open);
      await Promise.resolve();
    });
    expect(picks).toEqual([]);
    expect(screen.getByTestId('file-chooser-problem').textContent).toBe('Choose a video file in the list.');
    fireEvent.click(scene);
    expect(screen.getByTestId('file-chooser-target').textContent).toBe('Open: /home/me/Films/scene.mp4');
    await act(async () => {
      fireEvent.click(open);
      await Promise.resolve();
    });
    expect(picks).toEqual(['/home/me/Films/scene.mp4']);
  });

  it('starts beside a moved video being located, with its name filled in', () => {
    const browsed: string[] = [];
    renderOpenVideo('/home/me/Old place/scene.MOV', [], browsed);
    expect(browsed).toEqual(['/home/me/Old place']);
    expect(screen.getByTestId('file-chooser-target').textContent).toBe('Open: /home/me/Old place/scene.MOV');
  });

  it('takes a full path typed in the file name as it is, not inside the folder shown', async () => {
    const picks: string[] = [];
    renderOpenVideo('/home/me/Old place/scene.MOV', picks, []);
    fireEvent.change(screen.getByTestId('file-chooser-name'), {
      target: { value: '/home/me/New place/scene.MOV' },
    });
    expect(screen.getByTestId('file-chooser-target').textContent).toBe('Open: /home/me/New place/scene.MOV');
    await act(async () => {
      fireEvent.click(screen.getByTestId('file-chooser-choose'));
      await Promise.resolve();
    });
    expect(picks).toEqual(['/home/me/New place/scene.MOV']);
  });
});
