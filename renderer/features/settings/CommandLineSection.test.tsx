import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CliStatus } from '../../../common/ipc/cli-methods.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { CommandLineSection } from './CommandLineSection.js';

const mac: CliStatus = {
  version: '1.2.0',
  launcherPath: '/Applications/Timbre Studio.app/Contents/Resources/bin/timbre',
  onPathAt: null,
  command: "'/Applications/Timbre Studio.app/Contents/Resources/bin/timbre'",
  note: "Timbre Studio → Install 'timbre' command links /usr/local/bin/timbre to it.",
  install: { commandPath: '/usr/local/bin/timbre', state: 'absent', folderOnPath: true },
};

describe('Settings → Command line tool', () => {
  afterEach(cleanup);

  it('shows npx timbre from a checkout, with the version and no install button', async () => {
    const bridge = new FakeBridge({
      'cli.status': () => ({
        ok: true,
        result: {
          version: '0.1.0',
          launcherPath: null,
          onPathAt: null,
          command: 'npx timbre',
          note: 'From this source checkout, run npx timbre … in its folder.',
          install: null,
        },
      }),
    });
    renderWithStores(<CommandLineSection />, storesFor(bridge));
    expect((await screen.findByTestId('cli-version')).textContent).toBe('0.1.0');
    expect(screen.getByTestId('cli-command').querySelector('code')?.textContent).toBe('npx timbre');
    expect(screen.queryByTestId('cli-launcher')).toBeNull();
    expect(screen.queryByTestId('cli-install')).toBeNull();
  });

  it('installs the command when asked, then offers to uninstall it, and shows a refusal in words', async () => {
    let installed = false;
    const bridge = new FakeBridge({
      'cli.status': () => ({ ok: true, result: mac }),
      'cli.install': () => {
        installed = true;
        return {
          ok: true,
          result: {
            ...mac,
            onPathAt: '/usr/local/bin/timbre',
            command: 'timbre',
            install: { ...mac.install!, state: 'installed' as const },
          },
        };
      },
      'cli.uninstall': () => ({
        ok: false,
        error: {
          code: 'CANCELLED',
          message: 'The administrator prompt was cancelled, so nothing was changed.',
        },
      }),
    });
    renderWithStores(<CommandLineSection />, storesFor(bridge));
    expect((await screen.findByTestId('cli-path')).textContent).toMatch(
      /^Not on your PATH\. Timbre Studio → Install/u,
    );
    expect(screen.getByTestId('cli-launcher').textContent).toContain(mac.launcherPath);
    expect(screen.queryByTestId('cli-uninstall')).toBeNull();
    fireEvent.click(screen.getByTestId('cli-install'));
    await act(async () => Promise.resolve());
    expect(installed).toBe(true);
    expect(screen.getByTestId('cli-path').textContent).toBe(
      'On your PATH: /usr/local/bin/timbre. Type timbre in a terminal.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('cli-install').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('cli-uninstall'));
    await act(async () => Promise.resolve());
    expect(screen.getByTestId('cli-failed').textContent).toBe(
      'The administrator prompt was cancelled, so nothing was changed.',
    );
  });

  it('names a foreign command and does not offer to replace it', async () => {
    const bridge = new FakeBridge({
      'cli.status': () => ({
        ok: true,
        result: {
          ...mac,
          install: { ...mac.install!, state: 'foreign' as const, foreign: 'a link to /opt/other/timbre' },
        },
      }),
    });
    renderWithStores(<CommandLineSection />, storesFor(bridge));
    expect((await screen.findByTestId('cli-path')).textContent).toMatch(
      /^\/usr\/local\/bin\/timbre belongs to another program \(a link to \/opt\/other\/timbre\)/u,
    );
    expect(screen.getByTestId<HTMLButtonElement>('cli-install').disabled).toBe(true);
  });
});
