import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { expectExported } from '../cli/test-support/exported-audio.js';
import { TOKEN_VARIABLE, readBack, useCliWorld } from '../cli/test-support/timbre-process.js';
import { ElectronDouble } from './test-support/electron-double.js';

/**
 * The app's binary as the `timbre` tool: the BUILT shell (dist/main/electron-main.cjs, CommonJS) started with
 * `--cli …`, loaded with the electron double, against the stand-in. It must open no window, take no lock, bind
 * nothing, and end through app.exit with the tool's own exit code.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const shellBundle = path.join(root, 'dist', 'main', 'electron-main.cjs');
const requireFromShell = createRequire(shellBundle);
const world = useCliWorld();

interface CliRun {
  electron: ElectronDouble;
  code: number | undefined;
  stdout: string;
  stderr: string;
  lockRequests: number;
}

/** Starts a fresh copy of the built shell as `"Timbre Studio" --cli …args` and waits for it to exit. */
async function runShellCli(
  args: string[],
  during?: (output: () => string) => Promise<void>,
): Promise<CliRun> {
  const electron = new ElectronDouble(world.dataDir);
  const electronModule = electron.module();
  const app = electronModule.app as { requestSingleInstanceLock(): boolean };
  let lockRequests = 0;
  app.requestSingleInstanceLock = () => {
    lockRequests += 1;
    return true;
  };
  const electronPath = requireFromShell.resolve('electron');
  requireFromShell.cache[electronPath] = {
    id: electronPath,
    filename: electronPath,
    loaded: true,
    exports: electronModule,
  } as NodeJS.Module;
  delete requireFromShell.cache[shellBundle];
  const savedArgv = process.argv;
  const savedToken = process.env[TOKEN_VARIABLE];
  process.argv = [process.execPath, shellBundle, '--cli', ...args];
  process.env[TOKEN_VARIABLE] = 'standin-paid';
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((text) => {
    stdout += String(text);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    stderr += String(text);
    return true;
  });
  try {
    requireFromShell(shellBundle);
    await during?.(() => stdout);
    await vi.waitFor(() => expect(electron.exitCode).toBeDefined(), { timeout: 120_000, interval: 50 });
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.argv = savedArgv;
    if (savedToken === undefined) delete process.env[TOKEN_VARIABLE];
    else process.env[TOKEN_VARIABLE] = savedToken;
  }
  return { electron, code: electron.exitCode, stdout, stderr, lockRequests };
}

/** Nothing of the app's window, lock, menu or IPC was started, and the dock icon was hidden. */
function expectNoApp(run: CliRun): void {
  expect(run.electron.windows).toEqual([]);
  expect(run.lockRequests).toBe(0);
  expect(run.electron.ipcHandlers.size).toBe(0);
  expect(run.electron.protocolHandlers.size).toBe(0);
  expect(run.electron.applicationMenus).toEqual([null]);
  expect(run.electron.dockHidden).toBe(true);
  expect(run.electron.hardwareAccelerationDisabled).toBe(true);
  if (process.platform === 'linux') expect(run.electron.switches.get('ozone-platform')).toBe('headless');
  // Chromium's own files went to a private folder, not the app's data folder a running app uses, and it is gone.
  expect(run.electron.paths.sessionData).toMatch(/timbre-cli-chromium-/u);
  expect(existsSync(run.electron.paths.sessionData ?? '')).toBe(false);
}

describe('"Timbre Studio" --cli: the built shell runs the timbre tool', () => {
  it('exports a project with the stand-in, opens no window and exits 0', async () => {
    const source = await world.saveProject(
      'shell.timbre',
      world.project('Shell', ['Spoken from the app binary.', 'No window at all.']),
    );
    const outDir = path.join(world.workDir, 'out-shell');
    const run = await runShellCli([
      'export',
      source,
      '--out',
      outDir,
      '--srt',
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      world.dataDir,
    ]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('1 exported, 0 failed');
    expect(run.stdout).not.toContain('standin-paid');
    expectNoApp(run);
    // The export worker was found beside the CommonJS bundle, and what it wrote matches the timeline.
    await expectExported(outDir, 'Shell', source);
    expect(world.taskPosts()).toBeGreaterThan(0);
  }, 180_000);

  it('stops on Ctrl-C as the Node tool does: the running export cancelled, exit 130', async () => {
    const texts = Array.from({ length: 40 }, (_, index) => `Sentence number ${index + 1} of a long chapter.`);
    const source = await world.saveProject('interrupted.timbre', world.project('Interrupted', texts));
    const sigintBefore = process.listeners('SIGINT');
    const run = await runShellCli(
      [
        'export',
        source,
        '--out',
        path.join(world.workDir, 'out-interrupted'),
        '--generate',
        '--token-env',
        TOKEN_VARIABLE,
        '--data',
        world.dataDir,
      ],
      async (output) => {
        await vi.waitFor(() => expect(output()).toContain('generating missing audio'), { timeout: 60_000 });
        // The tool's own Ctrl-C listener (not the test runner's): what the terminal's SIGINT would call.
        const added = process.listeners('SIGINT').filter((listener) => !sigintBefore.includes(listener));
        expect(added).toHaveLength(1);
        (added[0] as () => void)();
      },
    );
    expect(run.stdout).toContain(
      'Stopping: the running export is cancelled and its temporary files removed…',
    );
    expect(run.code).toBe(130);
    expect(process.listeners('SIGINT')).toEqual(sigintBefore);
    expectNoApp(run);
  }, 180_000);

  it('imports a timed script into a project, exit 0', async () => {
    const srt = path.join(world.workDir, 'shell.srt');
    await writeFile(
      srt,
      '1\n00:00:01,000 --> 00:00:02,500\nHallo.\n\n2\n00:00:03,000 --> 00:00:04,000\nTschüss.\n',
    );
    const out = path.join(world.projectsDir, 'shell-dub.timbre');
    const run = await runShellCli(['import', srt, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Imported 2 lines (2 timed) from shell.srt');
    expect(run.code).toBe(0);
    expect(
      (await readBack(out)).tracks.speech.blocks.map((block) => ('text' in block ? block.text : block.type)),
    ).toEqual(['Hallo.', 'Tschüss.']);
    expectNoApp(run);
  });

  it('ends an error nothing caught with its message and exit 1, where Electron would show a box and not exit', async () => {
    const before = process.listeners('uncaughtException');
    const run = await runShellCli(['--version'], async () => {
      const added = process.listeners('uncaughtException').filter((listener) => !before.includes(listener));
      expect(added).toHaveLength(1);
      (added[0] as (error: Error) => void)(new Error('write EPIPE'));
    });
    expect(run.stderr).toBe('timbre: write EPIPE\n');
    expect(run.code).toBe(1);
  });

  it('answers --version with the app’s version, exit 0', async () => {
    const run = await runShellCli(['--version']);
    expect(run.stdout).toBe('timbre 0.0.0-test\n');
    expect(run.code).toBe(0);
    expectNoApp(run);
  });

  it('exits 2 on a wrong command line, saying what is wrong', async () => {
    const source = await world.saveProject('usage.timbre', world.project('Usage', ['Hello.']));
    const run = await runShellCli(['export', source, '--data', world.dataDir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^timbre: .*--out/u);
    expect(run.stderr).toContain('Run "timbre --help" for usage.');
    expectNoApp(run);
  });

  it('exits 1 when a project fails, naming it', async () => {
    const broken = path.join(world.projectsDir, 'broken.timbre');
    await writeFile(broken, 'not a project');
    const run = await runShellCli([
      'export',
      broken,
      '--out',
      path.join(world.workDir, 'out-broken'),
      '--data',
      world.dataDir,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('broken');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('0 exported, 1 failed');
    expectNoApp(run);
  });
});
