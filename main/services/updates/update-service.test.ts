import { describe, expect, it } from 'vitest';
import type { UpdateActivity, UpdateView } from '../../../common/updates/update-state.js';
import { MemoryLogger } from '../logging/logger.js';
import type { UpdaterBackend, UpdaterEvent } from './updater-backend.js';
import { ManualTimers } from './test-support/manual-timers.js';
import { CHECK_INTERVAL_MS, FIRST_CHECK_DELAY_MS, UpdateService } from './update-service.js';

/** A backend that answers each check with the events a test lines up. */
class ScriptedBackend implements UpdaterBackend {
  checks = 0;
  installs = 0;
  answers: UpdaterEvent[][] = [];
  private listener: ((event: UpdaterEvent) => void) | undefined;

  check(): Promise<void> {
    this.checks += 1;
    for (const event of this.answers.shift() ?? [{ type: 'not-available', version: '1.0.0' }])
      this.listener?.(event);
    return Promise.resolve();
  }
  onEvent(listener: (event: UpdaterEvent) => void): () => void {
    this.listener = listener;
    return () => (this.listener = undefined);
  }
  /** What installing reports (none: the installer started). */
  installAnswer: UpdaterEvent[] = [];
  quitAndInstall(): void {
    this.installs += 1;
    for (const event of this.installAnswer) this.listener?.(event);
  }
}

function setUp(options: { automatic?: boolean; backend?: UpdaterBackend | null; random?: number } = {}) {
  const timers = new ManualTimers();
  const backend = options.backend === null ? undefined : (options.backend ?? new ScriptedBackend());
  const activity: Omit<UpdateActivity, 'unsavedProject'> = {
    runningJobs: 0,
    queuedOfflineJobs: 0,
    runningExports: 0,
    runningImports: 0,
    batchInFlight: false,
    runningCliCommand: null,
  };
  const settings = { automatic: options.automatic ?? true };
  const views: UpdateView[] = [];
  const installFailures: string[] = [];
  let restarts = 0;
  const service = new UpdateService({
    backend,
    disabledReason: 'This is a development build: it has no update feed.',
    currentVersion: '1.0.0',
    automaticChecks: () => settings.automatic,
    activity: () => ({ ...activity }),
    restartToInstall: () => (restarts += 1),
    installFailed: (reason) => installFailures.push(reason),
    onChange: (view) => views.push(view),
    clock: timers.clock,
    random: () => options.random ?? 0.5,
    logger: new MemoryLogger(),
  });
  return { service, timers, backend, activity, settings, views, installFailures, restarts: () => restarts };
}

const ready: UpdaterEvent[] = [
  { type: 'checking' },
  { type: 'available', version: '1.1.0' },
  { type: 'progress', percent: 42.4 },
  { type: 'downloaded', version: '1.1.0', notes: 'Faster exports.' },
];

describe('UpdateService', () => {
  it('checks a little after start, then every four hours, and stops on dispose', async () => {
    const { service, timers, backend } = setUp();
    service.start();
    await timers.advance(FIRST_CHECK_DELAY_MS - 1);
    expect((backend as ScriptedBackend).checks).toBe(0);
    await timers.advance(1);
    expect((backend as ScriptedBackend).checks).toBe(1);
    expect(service.view().update.state).toBe('up-to-date');
    await timers.advance(CHECK_INTERVAL_MS);
    expect((backend as ScriptedBackend).checks).toBe(2);
    await timers.advance(CHECK_INTERVAL_MS);
    expect((backend as ScriptedBackend).checks).toBe(3);
    service.dispose();
    expect(timers.scheduled).toBe(0);
    await timers.advance(10 * CHECK_INTERVAL_MS);
    expect((backend as ScriptedBackend).checks).toBe(3);
  });

  it('spreads checks with jitter of at most a tenth of the wait', async () => {
    const early = setUp({ random: 0 });
    early.service.start();
    expect(early.timers.delays).toEqual([FIRST_CHECK_DELAY_MS * 0.9]);
    const late = setUp({ random: 1 });
    late.service.start();
    await late.timers.advance(FIRST_CHECK_DELAY_MS * 1.1);
    expect(late.timers.delays).toEqual([33_000, 15_840_000]);
  });

  it('switched off, schedules nothing and sends no request; "Check now" still asks, and on again resumes', async () => {
    const { service, timers, backend, settings } = setUp({ automatic: false });
    service.start();
    await timers.advance(3 * CHECK_INTERVAL_MS);
    expect((backend as ScriptedBackend).checks).toBe(0);
    expect(timers.scheduled).toBe(0);
    expect((await service.checkNow()).update.state).toBe('up-to-date');
    expect((backend as ScriptedBackend).checks).toBe(1);
    settings.automatic = true;
    service.automaticChecksChanged();
    await timers.advance(FIRST_CHECK_DELAY_MS * 1.1);
    expect((backend as ScriptedBackend).checks).toBe(2);
  });

  it('keeps one schedule when automatic checks are switched off and on while a check is under way', async () => {
    let answer: (() => void) | undefined;
    const slow: UpdaterBackend = {
      check: () => new Promise<void>((resolve) => (answer = resolve)),
      onEvent: () => () => undefined,
      quitAndInstall: () => undefined,
    };
    const { service, timers, settings } = setUp({ backend: slow });
    service.start();
    await timers.advance(FIRST_CHECK_DELAY_MS * 1.1);
    expect(answer).toBeDefined();
    settings.automatic = false;
    service.automaticChecksChanged();
    settings.automatic = true;
    service.automaticChecksChanged();
    answer?.();
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    // The check that was under way ends without starting a second round of four-hourly checks.
    expect(timers.scheduled).toBe(1);
    service.dispose();
    expect(timers.scheduled).toBe(0);
  });

  it('follows a download to ready with its version and notes, and never restarts by itself', async () => {
    const { service, timers, backend, views, restarts } = setUp();
    (backend as ScriptedBackend).answers.push(ready);
    service.start();
    await timers.advance(FIRST_CHECK_DELAY_MS * 1.1);
    expect(views.map((view) => view.update.state)).toEqual(['checking', 'available', 'downloading', 'ready']);
    expect(views.find((view) => view.update.state === 'downloading')?.update).toMatchObject({ percent: 42 });
    expect(service.view().update).toEqual({ state: 'ready', version: '1.1.0', notes: 'Faster exports.' });
    expect(service.view().restartBlockedBy).toBeNull();
    // A ready update is not asked for again, and nothing installs it until the user says so.
    await timers.advance(3 * CHECK_INTERVAL_MS);
    expect((backend as ScriptedBackend).checks).toBe(1);
    expect(restarts()).toBe(0);
    expect((backend as ScriptedBackend).installs).toBe(0);
  });

  it('offers no restart while an export runs and refuses a restart asked meanwhile, saying why', async () => {
    const { service, backend, activity, restarts } = setUp();
    activity.runningExports = 1;
    (backend as ScriptedBackend).answers.push(ready);
    await service.checkNow();
    expect(service.view().update.state).toBe('ready');
    expect(service.view().restartBlockedBy).toMatch(/1 export still running/);
    const refused = service.requestRestart(false);
    expect(refused).toEqual({ ok: false, reason: expect.stringMatching(/nothing is running.*1 export/) });
    expect(restarts()).toBe(0);
    activity.runningExports = 0;
    activity.runningImports = 1;
    expect(service.requestRestart(false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/1 import/),
    });
    activity.runningImports = 0;
    activity.batchInFlight = true;
    expect(service.requestRestart(false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/the export queue still running/),
    });
    activity.batchInFlight = false;
    // A `timbre` command in a terminal: the installer would end it (Windows) or replace the files under it.
    activity.runningCliCommand = { pid: 4242 };
    expect(service.view().restartBlockedBy).toMatch(/a timbre command \(process 4242\) is running/);
    expect(service.requestRestart(false)).toEqual({
      ok: false,
      reason:
        'Restart to update waits until nothing is running and everything is saved: a timbre command (process 4242) is running — wait for it to finish.',
    });
    activity.runningCliCommand = null;
    expect(service.requestRestart(true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/unsaved changes/),
    });
    expect(restarts()).toBe(0);
    expect(service.view().restartBlockedBy).toBeNull();
    expect(service.requestRestart(false)).toEqual({ ok: true });
    expect(restarts()).toBe(1);
  });

  it('installs only after the services stopped, and reports an installer that could not start', async () => {
    const { service, backend, installFailures } = setUp();
    const scripted = backend as ScriptedBackend;
    scripted.answers.push(ready);
    await service.checkNow();
    expect(service.requestRestart(false)).toEqual({ ok: true });
    expect(scripted.installs).toBe(0);
    // The shell's quit path: services disposed, then the install.
    service.dispose();
    scripted.installAnswer = [{ type: 'error', error: new Error('pkexec: the request was dismissed') }];
    service.install();
    expect(scripted.installs).toBe(1);
    expect(installFailures).toEqual([
      'The update could not be installed: pkexec: the request was dismissed.',
    ]);
  });

  it('refuses a restart when no update is downloaded', () => {
    const { service, restarts } = setUp();
    expect(service.requestRestart(false)).toEqual({
      ok: false,
      reason: 'There is no downloaded update to install yet.',
    });
    expect(restarts()).toBe(0);
  });

  it('turns a failed download into a plain reason and tries again at the next check', async () => {
    const { service, timers, backend } = setUp();
    const mismatch = Object.assign(new Error('sha512 checksum mismatch, expected abc, got def'), {
      code: 'ERR_CHECKSUM_MISMATCH',
    });
    (backend as ScriptedBackend).answers.push([
      { type: 'available', version: '1.1.0' },
      { type: 'error', error: mismatch },
    ]);
    service.start();
    await timers.advance(FIRST_CHECK_DELAY_MS * 1.1);
    expect(service.view().update).toEqual({
      state: 'failed',
      reason: expect.stringMatching(/did not match its published checksum.*installed version is unchanged/),
    });
    await timers.advance(CHECK_INTERVAL_MS * 1.1);
    expect((backend as ScriptedBackend).checks).toBe(2);
    expect(service.view().update.state).toBe('up-to-date');
  });

  it('without a feed, says why and never checks', async () => {
    const { service, timers } = setUp({ backend: null });
    service.start();
    await timers.advance(CHECK_INTERVAL_MS);
    expect(timers.scheduled).toBe(0);
    expect((await service.checkNow()).update).toEqual({
      state: 'disabled',
      reason: 'This is a development build: it has no update feed.',
    });
  });
});
