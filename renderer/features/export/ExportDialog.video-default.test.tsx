import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';

const withVideo = (): Project => ({
  ...sampleProject(),
  video: { path: '/home/editor/cut.mp4', durationMs: 60_000 },
});

function openDialog(project: Project): void {
  cleanup();
  const bridge = new FakeBridge({
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/editor/Exports' } }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
}

const valueOf = (testId: string): string => screen.getByTestId<HTMLSelectElement>(testId).value;

// One file: the form is remembered between dialogs for the whole session, so these steps run in order.
describe('ExportDialog defaults for a project with a reference video', () => {
  afterEach(cleanup);

  it('opens on the video with its new soundtrack at the broadcast level, into an .mp4', async () => {
    openDialog(withVideo());
    expect(valueOf('export-mode')).toBe('video');
    expect(valueOf('export-loudness')).toBe('broadcast');
    expect(await screen.findByDisplayValue('/home/editor/Exports/Sample.mp4')).toBeTruthy();
  });

  it('keeps a project without a video on one mixed file at the podcast level', () => {
    openDialog(sampleProject());
    expect(valueOf('export-mode')).toBe('mix');
    expect(valueOf('export-loudness')).toBe('podcast');
  });

  it('remembers the user picking audio for a video project, without changing what an audio project opens on', () => {
    openDialog(withVideo());
    fireEvent.change(screen.getByTestId('export-mode'), { target: { value: 'mix' } });
    openDialog(withVideo());
    expect(valueOf('export-mode')).toBe('mix');
    openDialog(sampleProject());
    expect(valueOf('export-mode')).toBe('mix');
    expect(valueOf('export-loudness')).toBe('podcast');
  });
});
