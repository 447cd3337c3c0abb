import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Virtual code is linted as if it were an existing file: the type-aware rules need a file of the project.
const eslint = new ESLint();

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('architecture lint rules', () => {
  it('names only binding modules that exist', () => {
    const config = readFileSync('eslint.config.js', 'utf8');
    const list = /const ipcBindingModules = \[([^\]]*)\]/u.exec(config)?.[1] ?? '';
    const files = [...list.matchAll(/'([^']+)'/gu)]
      .map((match) => match[1] ?? '')
      .filter((entry) => !entry.includes('*'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(file), `${file} exists`).toBe(true);
  });

  it('bans raw ipcRenderer/ipcMain and webContents.send outside the binding modules', async () => {
    const code = "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\nexport const y = 1;\n";
    expect(await ruleIds('main/electron/menu-template.ts', code)).toContain('no-restricted-syntax');
    expect(await ruleIds('main/electron/ipc-binding.ts', code)).not.toContain('no-restricted-syntax');
    const send =
      'declare const win: { webContents: { send(c: string): void } };\nwin.webContents.send("x");\n';
    expect(await ruleIds('main/electron/window-options.ts', send)).toContain('no-restricted-syntax');
  });

  it('keeps electron out of main services and Node/Electron out of common and the renderer', async () => {
    const electronImport = "import { app } from 'electron';\nexport const name = app.name;\n";
    expect(await ruleIds('main/services/settings/settings-service.ts', electronImport)).toContain(
      'no-restricted-imports',
    );
    expect(
      await ruleIds('common/ipc/define.ts', "import fs from 'node:fs';\nexport const f = fs;\n"),
    ).toContain('no-restricted-imports');
    expect(await ruleIds('renderer/components/Dialog.tsx', electronImport)).toContain(
      'no-restricted-imports',
    );
  });

  it('keeps the stand-in from sharing code with the app', async () => {
    const shared = "import { ipcMethods } from '../common/ipc/contract.js';\nexport const m = ipcMethods;\n";
    expect(await ruleIds('standin/cli.ts', shared)).toContain('no-restricted-imports');
  });

  it('refuses a promise left floating or passed where nothing awaits it', async () => {
    const floating = 'async function save(): Promise<void> {}\nsave();\nexport const ok = 1;\n';
    expect(await ruleIds('main/app/job-notifier.ts', floating)).toContain(
      '@typescript-eslint/no-floating-promises',
    );
    const deliberate = 'async function save(): Promise<void> {}\nvoid save();\nexport const ok = 1;\n';
    expect(await ruleIds('main/app/job-notifier.ts', deliberate)).toEqual([]);
    const misused =
      'async function save(): Promise<void> {}\nexport const timer = setTimeout(save, 10);\nif (save) void 0;\n';
    expect(await ruleIds('main/app/job-notifier.ts', misused)).toContain(
      '@typescript-eslint/no-misused-promises',
    );
  });

  it('keeps test helpers in test-support/ folders, the one name for them', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'])
      .toString()
      .split('\n')
      .filter(Boolean);
    const misplaced = files.filter(
      (file) =>
        /(^|\/)(testing|test|tests|__tests__|helpers)\//u.test(file) || /\.test-support\./u.test(file),
    );
    expect(misplaced).toEqual([]);
    expect(files.some((file) => file.includes('/test-support/'))).toBe(true);
  });

  it('requires named exports', async () => {
    expect(await ruleIds('common/ipc/define.ts', 'export default 1;\n')).toContain('no-restricted-syntax');
  });
});
