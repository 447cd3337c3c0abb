import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../common/ipc/contract.js';
import { REPORT_CONTENTS } from '../../../common/support/report-contents.js';
import { CommandRegistry } from '../../commands/command-registry.js';
import { CommandsProvider } from '../../commands/use-commands.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { HelpSection } from './HelpSection.js';
import { ReportProblemHost } from './ReportProblemHost.js';

const SUGGESTED = '/home/ana/Downloads/Timbre Studio problem report 2026-11-27.zip';

function setup(shell: AppInfo['shell'], saveResult: { ok: boolean; path?: string; message?: string }) {
  const bridge = new FakeBridge({
    'app.info': () => ({
      ok: true,
      result: {
        name: 'Timbre Studio',
        version: '1.0.0',
        shell,
        platform: 'linux',
        dataDir: '/d',
        canReveal: true,
      },
    }),
    'support.suggestedPath': () => ({ ok: true, result: { path: SUGGESTED } }),
    'support.chooseDestination': () => ({
      ok: true,
      result: { path: shell === 'electron' ? '/tmp/r.zip' : null },
    }),
    'support.saveReport': () =>
      saveResult.ok
        ? {
            ok: true,
            result: {
              path: '/tmp/r.zip',
              bytes: 20_480,
              entries: ['README.txt', 'logs/main.log'],
              revealed: true,
            },
          }
        : { ok: false, error: { code: 'INTERNAL', message: saveResult.message ?? '' } },
  });
  const registry = new CommandRegistry(window, false);
  renderWithStores(
    <CommandsProvider value={registry}>
      <HelpSection />
      <ReportProblemHost />
    </CommandsProvider>,
    storesFor(bridge),
  );
  return { bridge, registry };
}

describe('Report a Problem', () => {
  afterEach(cleanup);

  it('opens from Settings, lists what the zip holds before saving, and saves where the user chose', async () => {
    const { bridge } = setup('electron', { ok: true });
    expect(screen.queryByTestId('report-problem-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('settings-report-problem'));
    const contents = await screen.findByTestId('report-problem-contents');
    expect([...contents.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      ...REPORT_CONTENTS,
    ]);
    expect(bridge.calls.some((call) => call.method === 'support.saveReport')).toBe(false);
    // Logs hold file paths: the dialog says they can show who the user is and what their projects are called.
    const logsLine = [...contents.querySelectorAll('li')].find((item) => /logs/u.test(item.textContent));
    expect(logsLine?.textContent).toMatch(/paths of the files .*your user name .*names of your projects/u);
    expect(screen.getByTestId('report-problem-dialog').textContent).not.toMatch(/no project,/u);

    const save = screen.getByTestId('report-problem-save');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    const saved = await screen.findByTestId('report-problem-saved');
    expect(saved.textContent).toContain('20.0 KB');
    expect(saved.textContent).toContain('shown in your file manager');
    expect(bridge.calls.find((call) => call.method === 'support.chooseDestination')?.input).toEqual({
      suggestedPath: SUGGESTED,
    });
    expect(bridge.calls.find((call) => call.method === 'support.saveReport')?.input).toEqual({
      outputPath: '/tmp/r.zip',
    });
  });

  it('runs from the command (Help menu, palette) and opens main’s chooser in the browser shell', async () => {
    const { registry } = setup('browser', { ok: true });
    registry.run('report-problem', { source: 'menu' });
    const save = await screen.findByTestId('report-problem-save');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect(await screen.findByTestId('file-chooser')).toBeDefined();
  });

  it('says why a report could not be saved, naming the file', async () => {
    setup('electron', { ok: false, message: '“r.zip” cannot be written: its folder /gone does not exist.' });
    fireEvent.click(screen.getByTestId('settings-report-problem'));
    const save = await screen.findByTestId('report-problem-save');
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findByTestId('report-problem-error')).textContent).toBe(
      '“r.zip” cannot be written: its folder /gone does not exist.',
    );
  });
});
