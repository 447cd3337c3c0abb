import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedProblemReport } from '../../common/ipc/support-methods.js';
import type { RunningStandin } from '../../standin/index.js';
import { startStandin } from '../../standin/index.js';
import { BrowserPlatform } from '../browser/browser-platform.js';
import { EventHub } from '../ipc/event-hub.js';
import { FileLogger } from '../services/logging/logger.js';
import { MemorySecretStore } from '../services/secrets/memory-secret-store.js';
import type { SaveFileType } from '../platform/platform.js';
import type { AppServices } from './app-services.js';
import { createAppServices } from './app-services.js';

/** A token long and distinctive enough that finding any of its encodings cannot be chance. */
const TOKEN = 'tk_live_SupportScan_7Qf9Zp2LmXv8RkT3wY5n';

/** The desktop shell's behaviour: a save dialog that answers the path the test chose, and a file manager. */
class DialogPlatform extends BrowserPlatform {
  chosenPath: string | null = null;
  readonly revealed: string[] = [];
  /** What each save dialog offered to save as. */
  readonly fileTypes: (SaveFileType | undefined)[] = [];
  override downloadsDir = path.join(homedir(), 'Downloads');
  override async chooseSavePath(_suggested?: string, fileType?: SaveFileType): Promise<string | null> {
    this.fileTypes.push(fileType);
    return this.chosenPath;
  }
  revealInFolder(filePath: string): void {
    this.revealed.push(filePath);
  }
}

/** Every way the token could sit in an entry: as it is, URL-encoded, base64 and base64url at each alignment. */
function tokenForms(token: string): string[] {
  const forms = [token, encodeURIComponent(token), `Bearer ${token}`];
  for (let offset = 0; offset < 3; offset += 1) {
    const shifted = Buffer.from(`${'#'.repeat(offset)}${token}`);
    // The middle of the encoding depends on the token alone, wherever it sat in a longer text.
    forms.push(shifted.toString('base64').slice(4, -4), shifted.toString('base64url').slice(4, -4));
  }
  return forms;
}

let standin: RunningStandin;
let workDir: string;
let dataDir: string;
let platform: DialogPlatform;
let app: AppServices;

async function call<T>(method: string, input?: unknown): Promise<T> {
  const response = await app.dispatch(method, input);
  if (!response.ok) throw Object.assign(new Error(response.error.message), { data: response.error });
  return response.result as T;
}

async function saveReportAt(outputPath: string): Promise<SavedProblemReport> {
  platform.chosenPath = outputPath;
  const chosen = await call<{ path: string | null }>('support.chooseDestination', {
    suggestedPath: outputPath,
  });
  return call<SavedProblemReport>('support.saveReport', { outputPath: chosen.path });
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'timbre-support-'));
  dataDir = path.join(workDir, 'data');
  standin = await startStandin({
    speed: 100,
    rateLimit: 0,
    accounts: [{ token: TOKEN, plan: 'paid', credits: 100_000, proCloneAccess: false, proCloneQuota: 0 }],
  });
  const events = new EventHub();
  platform = new DialogPlatform(dataDir, '9.8.7-test', events);
  app = await createAppServices({
    platform,
    logger: new FileLogger(path.join(dataDir, 'logs', 'main.log'), () => undefined),
    events,
    secrets: new MemorySecretStore(),
  });
  // Signed in through the real path: the token is checked with the stand-in and kept by the account service.
  await call('account.signIn', { url: standin.url, token: TOKEN, plan: 'paid', label: 'Work' });
});
afterAll(async () => {
  await app.dispose();
  await standin.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('Report a Problem', () => {
  it('saves a zip of every promised entry, parseable, with the token in none of them', async () => {
    // The token where it must not leak from. A logger that never learned it (the command line's, an older
    // version's) writes it unredacted, in an error's message and in a URL, and in rotated logs.
    const cliLogger = new FileLogger(path.join(dataDir, 'logs', 'cli.log'), () => undefined);
    cliLogger.error('Export failed', new Error(`the service refused ${TOKEN} for this call`));
    cliLogger.info(`GET ${standin.url}/api/voice?access_token=${encodeURIComponent(TOKEN)}`);
    cliLogger.info(`basic auth ${Buffer.from(`me:${TOKEN}`).toString('base64')}`);
    await cliLogger.flush();
    await writeFile(
      path.join(dataDir, 'logs', 'main.2.log'),
      `old line token=${TOKEN}\nold header Authorization: Bearer ${TOKEN}\n${Buffer.from(TOKEN).toString('base64url')}\n`,
    );
    // A service label and a request path that carry it (recent requests and settings), and a real exchange.
    await call('services.save', { url: standin.url, label: `Work ${TOKEN}`, plan: 'paid' });
    await expect(call('voices.addById', { id: TOKEN })).rejects.toBeDefined();
    expect(await readFile(path.join(dataDir, 'logs', 'cli.log'), 'utf8')).toContain(TOKEN);

    const outputPath = path.join(workDir, 'chosen', 'report.zip');
    await mkdir(path.dirname(outputPath));
    const saved = await saveReportAt(outputPath);

    expect(saved).toMatchObject({ path: outputPath, revealed: true });
    expect(platform.revealed).toEqual([outputPath]);
    const zip = unzipSync(new Uint8Array(await readFile(outputPath)));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(saved.entries.slice().sort());
    for (const name of [
      'README.txt',
      'environment.json',
      'settings.json',
      'recent-requests.json',
      'jobs.json',
      'logs/main.log',
      'logs/main.2.log',
      'logs/cli.log',
    ])
      expect(names).toContain(name);

    for (const name of names) {
      const text = strFromU8(zip[name]!);
      for (const form of tokenForms(TOKEN))
        expect({ name, leaked: text.includes(form) }).toEqual({ name, leaked: false });
      expect(name).not.toContain(TOKEN);
    }

    const environment = JSON.parse(strFromU8(zip['environment.json']!)) as {
      app: unknown;
      runtime: { node: string };
      os: unknown;
    };
    expect(environment.app).toEqual({ name: 'Timbre Studio', version: '9.8.7-test', shell: 'browser' });
    expect(environment.runtime.node).toBe(process.versions.node);
    expect(environment.os).toMatchObject({ platform: process.platform, arch: process.arch });
    const settings = JSON.parse(strFromU8(zip['settings.json']!)) as { services: { url: string }[] };
    expect(settings.services.map((service) => service.url)).toEqual([standin.url]);
    const requests = JSON.parse(strFromU8(zip['recent-requests.json']!)) as {
      status: number;
      requestId: string;
    }[];
    // The sign-in's check (a 404 for a task that cannot exist; the 401 its made-up token then gets is the answer it
    // wants, never listed as a refusal), then the voice looked up by the odd id.
    expect(requests.map((request) => request.status)).toEqual([404, 404]);
    for (const request of requests) expect(request.requestId).toMatch(/^[0-9a-f-]{36}$/u);
    expect(JSON.parse(strFromU8(zip['jobs.json']!))).toEqual([]);
    expect(strFromU8(zip['logs/cli.log']!)).toContain('Export failed');
  });

  it('refuses a place the user did not choose, and names the file when its folder cannot be written', async () => {
    await expect(
      call('support.saveReport', { outputPath: path.join(workDir, 'never-chosen.zip') }),
    ).rejects.toMatchObject({ data: { code: 'INVALID_INPUT', field: 'outputPath' } });

    await expect(saveReportAt(path.join(workDir, 'missing', 'report.zip'))).rejects.toThrow(
      /“report\.zip” cannot be written: its folder .*missing does not exist/u,
    );
    await writeFile(path.join(workDir, 'a-file'), '');
    await expect(saveReportAt(path.join(workDir, 'a-file', 'report.zip'))).rejects.toThrow(
      /a part of that path is a file, not a folder/u,
    );
  });

  it('suggests a dated zip in the Downloads folder the OS names, or home where that folder is missing', async () => {
    platform.downloadsDir = path.join(workDir, 'Téléchargements');
    await mkdir(platform.downloadsDir);
    const { path: suggested } = await call<{ path: string }>('support.suggestedPath');
    expect(path.dirname(suggested)).toBe(platform.downloadsDir);
    expect(path.basename(suggested)).toMatch(/^Timbre Studio problem report \d{4}-\d{2}-\d{2}\.zip$/u);

    platform.downloadsDir = path.join(workDir, 'no-such-downloads');
    const { path: fallback } = await call<{ path: string }>('support.suggestedPath');
    expect(path.dirname(fallback)).toBe(homedir());
  });

  it('offers a zip in the save dialog and adds .zip to a name chosen without it, replacing no other file', async () => {
    const folder = path.join(workDir, 'bare-name');
    await mkdir(folder);
    const saved = await saveReportAt(path.join(folder, 'report for support'));
    expect(platform.fileTypes.at(-1)).toEqual({ name: 'Zip archive', extensions: ['zip'] });
    expect(saved.path).toBe(path.join(folder, 'report for support.zip'));
    expect(Object.keys(unzipSync(new Uint8Array(await readFile(saved.path))))).toContain('README.txt');
    expect(await readdir(folder)).toEqual(['report for support.zip']);

    // Chosen bare again: that .zip now exists and was not the user's choice, so it stays as it is.
    const before = await readFile(saved.path);
    await expect(saveReportAt(path.join(folder, 'report for support'))).rejects.toThrow(
      /^“report for support\.zip” already exists in .*bare-name: .* Choose “report for support\.zip” to replace it, or another name\.$/u,
    );
    expect((await readFile(saved.path)).equals(before)).toBe(true);
  });
});
