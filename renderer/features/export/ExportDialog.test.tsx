import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MissingAudio } from '../../../common/export/project-render-plan.js';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { settingsView } from '../../test-support/settings-view.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ExportDialog } from './ExportDialog.js';

// The sample's first two lines, none generated: "Hello there." (12) and "General Kenobi." (15).
const MISSING: MissingAudio[] = [
  { blockId: 't1', track: 'speech', reason: 'not-generated', label: 'Hello there.' },
  { blockId: 't2', track: 'speech', reason: 'not-generated', label: 'General Kenobi.' },
];

function setUp(confirmAboveCredits: number) {
  const bridge = new FakeBridge({
    'export.defaultFolder': () => ({ ok: true, result: { folder: '/home/reader/Exports' } }),
    'export.start': () => ({
      ok: true,
      result: { ok: false, reason: 'missing-audio', missing: MISSING, message: '2 blocks have no audio.' },
    }),
    'projects.save': () => ({ ok: true, result: { savedAt: '2026-01-01T00:00:00.000Z', revision: 2 } }),
    'export.generateThenExport': () => ({
      ok: true,
      result: { ok: true, itemId: 'item-1', outputPath: '/home/reader/Exports/Sample.mp3' },
    }),
    'staging.begin': () => ({ ok: true, result: { stagingId: COVER_UPLOAD } }),
    'staging.append': () => ({ ok: true, result: { receivedBytes: 3 } }),
    'staging.finish': () => ({ ok: true, result: {} }),
  });
  const stores = storesFor(bridge);
  stores.settings
    .getState()
    .setView(settingsView({ generation: { confirmAboveCredits, defaultVoices: {} } }));
  stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
  renderWithStores(<ExportDialog onClose={() => undefined} />, stores);
  const sent = (): number =>
    bridge.calls.filter((call) => call.method === 'export.generateThenExport').length;
  const queued = () => bridge.calls.find((call) => call.method === 'export.generateThenExport')?.input;
  const asked = (method: string): number => bridge.calls.filter((call) => call.method === method).length;
  const inputsOf = (method: string): unknown[] =>
    bridge.calls.filter((call) => call.method === method).map((call) => call.input);
  return { sent, queued, asked, inputsOf, stores };
}

const COVER_UPLOAD = '00000000-0000-4000-8000-00000000c0e1';

async function askToExport(): Promise<HTMLElement> {
  await screen.findByDisplayValue(/Sample/u);
  fireEvent.click(screen.getByTestId('export-start'));
  return screen.findByTestId('export-generate-missing');
}

describe('ExportDialog: generate, then export', () => {
  afterEach(cleanup);

  it('shows the credits of the missing blocks and, above the setting, sends only on the user’s word', async () => {
    const { sent } = setUp(20);
    const generate = await askToExport();
    expect(generate.textContent).toBe('Generate 2 blocks (≈ 27 credits), then export');

    fireEvent.click(generate);
    const confirm = screen.getByTestId('generation-confirm');
    expect(confirm.textContent).toContain('Generate 2 blocks, then export: up to ≈ 27 credits');
    expect(confirm.textContent).toContain('confirm above 20 credits');
    fireEvent.click(screen.getByTestId('generation-confirm-cancel'));
    expect(screen.queryByTestId('generation-confirm')).toBeNull();
    expect(sent()).toBe(0);

    fireEvent.click(screen.getByTestId('export-generate-missing'));
    fireEvent.click(screen.getByTestId('generation-confirm-send'));
    await waitFor(() => expect(sent()).toBe(1));
    expect(await screen.findByTestId('export-queued')).toBeTruthy();
  });

  it('sends the cover the user chose with the queued export, as a direct export does', async () => {
    const { sent, queued } = setUp(27);
    await screen.findByDisplayValue(/Sample/u);
    fireEvent.change(screen.getByTestId('export-format'), { target: { value: 'mp3' } });
    const cover = new File([new Uint8Array([1, 2, 3])], 'Cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('export-cover'), { target: { files: [cover] } });
    fireEvent.click(await askToExport());
    await waitFor(() => expect(sent()).toBe(1));
    expect(queued()).toMatchObject({ coverStagingId: COVER_UPLOAD });
  });

  it('tells main it opened, with the project and the settings, so the export’s worker decodes while the user chooses', async () => {
    // The fake answers this call with an error: the dialog works on regardless (the head start is optional).
    const { asked, inputsOf } = setUp(27);
    await screen.findByDisplayValue(/Sample/u);
    expect(asked('export.dialogOpened')).toBe(1);
    expect(inputsOf('export.dialogOpened')[0]).toMatchObject({
      fileName: 'sample.timbre',
      settings: { sampleRate: 44_100 },
    });
    // A change the decoding does not depend on sends nothing; the sample rate, the one it does, asks again.
    fireEvent.change(screen.getByTestId('export-format'), { target: { value: 'mp3' } });
    expect(asked('export.dialogOpened')).toBe(1);
    fireEvent.change(screen.getByTestId('export-rate'), { target: { value: '48000' } });
    await waitFor(() => expect(asked('export.dialogOpened')).toBe(2));
    expect(asked('export.dialogClosed')).toBe(1);
    expect(inputsOf('export.dialogOpened')[1]).toMatchObject({ settings: { sampleRate: 48_000 } });
    expect(await askToExport()).toBeTruthy();
    expect(asked('export.dialogOpened')).toBe(2);
    cleanup();
    expect(asked('export.dialogClosed')).toBe(2);
  });

  it('asks for the head start only once the project is saved: main reads it from its file', async () => {
    const { asked, inputsOf, stores } = setUp(27);
    await screen.findByDisplayValue(/Sample/u);
    expect(asked('export.dialogOpened')).toBe(1);
    // A take arrives while the dialog is open: until it is saved, main's file does not have it.
    const edited = stores.document
      .getState()
      .apply((project) => ({ ...project, title: 'Sample, revised' }), { label: 'Rename' });
    expect(edited).toMatchObject({ ok: true });
    await waitFor(() => expect(asked('export.dialogClosed')).toBe(1));
    expect(asked('export.dialogOpened')).toBe(1);
    const saved = stores.document.getState().doc!.project;
    act(() => stores.document.getState().markSaved(saved, '2026-01-01T00:00:01.000Z'));
    await waitFor(() => expect(asked('export.dialogOpened')).toBe(2));
    expect(inputsOf('export.dialogOpened')[1]).toMatchObject({ fileName: 'sample.timbre' });
  });

  it('sends at once at or under the setting', async () => {
    const { sent } = setUp(27);
    const generate = await askToExport();
    fireEvent.click(generate);
    await waitFor(() => expect(sent()).toBe(1));
    expect(screen.queryByTestId('generation-confirm')).toBeNull();
  });
});
