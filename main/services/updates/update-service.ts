import type { UpdateActivity, UpdateState, UpdateView } from '../../../common/updates/update-state.js';
import { restartBlocker } from '../../../common/updates/update-state.js';
import type { Logger } from '../logging/logger.js';
import type { Clock } from '../service-client/index.js';
import { updateFailureReason } from './update-failure.js';
import type { UpdaterBackend, UpdaterEvent } from './updater-backend.js';

/** The first check waits this long after start, so it never competes with the app opening. */
export const FIRST_CHECK_DELAY_MS = 30_000;
/** Then one check every four hours, give or take UPDATE_JITTER so many installs do not hit the feed at once. */
export const CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
const UPDATE_JITTER = 0.1;

export interface UpdateServiceOptions {
  /** Absent where there is no feed (a development build, the browser shell): the state says why. */
  backend: UpdaterBackend | undefined;
  disabledReason?: string;
  currentVersion: string;
  /** Whether automatic checks are on (Settings); read at each scheduled check. */
  automaticChecks: () => boolean;
  /** What main knows is running (jobs, exports, imports); the page adds its unsaved edits. */
  activity: () => Omit<UpdateActivity, 'unsavedProject'>;
  /** Quits through the app's normal quit path (services stopped), then installs: the shell's job. */
  restartToInstall: () => void;
  /**
   * The installer could not start after the services stopped (a cancelled administrator prompt, a signature
   * Squirrel refuses on macOS, a file gone): the shell tells the user and starts the installed version again.
   */
  installFailed?: (reason: string) => void;
  onChange: (view: UpdateView) => void;
  clock: Pick<Clock, 'setTimer' | 'now'>;
  random?: () => number;
  logger: Logger;
}

type RestartAnswer = { ok: true } | { ok: false; reason: string };

/**
 * The installed app's updates: checks a little after start and every four hours (chained timers with jitter,
 * cancelled on dispose), lets the backend download in the background, and installs only when the user clicks
 * "Restart to update" while nothing is running. It never restarts by itself.
 */
export class UpdateService {
  private state: UpdateState;
  private cancelTimer: (() => void) | undefined;
  /** Bumped when the schedule starts over, so a check still running from the old one does not chain a second. */
  private scheduleRound = 0;
  private disposed = false;
  private readonly stopListening: () => void;

  constructor(private readonly options: UpdateServiceOptions) {
    this.state = options.backend
      ? { state: 'idle' }
      : { state: 'disabled', reason: options.disabledReason ?? 'This build has no update feed.' };
    this.stopListening = options.backend?.onEvent((event) => this.onBackendEvent(event)) ?? (() => undefined);
  }

  /** Schedules the first automatic check (when they are on); call once the app has started. */
  start(): void {
    this.schedule(FIRST_CHECK_DELAY_MS);
  }

  /** Automatic checks were switched on or off in Settings: the schedule follows at once. */
  automaticChecksChanged(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.scheduleRound += 1;
    this.schedule(FIRST_CHECK_DELAY_MS);
    this.emit();
  }

  view(): UpdateView {
    const activity = { ...this.options.activity(), unsavedProject: false };
    return {
      currentVersion: this.options.currentVersion,
      automaticChecks: this.options.automaticChecks(),
      update: this.state,
      restartBlockedBy: this.state.state === 'ready' ? restartBlocker(activity) : null,
    };
  }

  /** "Check now": asks the feed whatever the automatic setting says (the user asked); not while one runs. */
  async checkNow(): Promise<UpdateView> {
    await this.check();
    return this.view();
  }

  /**
   * "Restart to update": refused, with the reason, unless an update is ready and nothing is running or unsaved
   * (something may have started since the button was shown). Otherwise quits through the normal quit path.
   */
  requestRestart(unsavedProject: boolean): RestartAnswer {
    if (this.state.state !== 'ready') {
      return { ok: false, reason: 'There is no downloaded update to install yet.' };
    }
    const blocker = restartBlocker({ ...this.options.activity(), unsavedProject });
    if (blocker !== null) return { ok: false, reason: blocker };
    this.options.logger.info(`Restarting to install version ${this.state.version}.`);
    this.options.restartToInstall();
    return { ok: true };
  }

  /**
   * Installs the downloaded update; the shell calls it after the services were disposed on the way out. A failure
   * reported from here on goes to `installFailed`, so the app never stays open with its services stopped.
   */
  install(): void {
    const backend = this.options.backend;
    if (!backend) return;
    const stop = backend.onEvent((event) => {
      if (event.type !== 'error') return;
      stop();
      const reason = updateFailureReason(event.error, 'install');
      this.options.logger.warn(reason);
      this.options.installFailed?.(reason);
    });
    backend.quitAndInstall();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.stopListening();
  }

  private schedule(baseDelayMs: number): void {
    if (this.disposed || !this.options.backend || !this.options.automaticChecks()) return;
    const jitter = 1 + (this.randomValue() * 2 - 1) * UPDATE_JITTER;
    const round = this.scheduleRound;
    this.cancelTimer = this.options.clock.setTimer(
      () => {
        this.cancelTimer = undefined;
        void this.check().finally(() => {
          if (round === this.scheduleRound) this.schedule(CHECK_INTERVAL_MS);
        });
      },
      Math.round(baseDelayMs * jitter),
    );
  }

  private randomValue(): number {
    return (this.options.random ?? Math.random)();
  }

  private async check(): Promise<void> {
    const backend = this.options.backend;
    if (!backend || this.disposed) return;
    // A check or download under way, or an update waiting for its restart, needs no second request.
    if (['checking', 'available', 'downloading', 'ready'].includes(this.state.state)) return;
    this.setState({ state: 'checking' });
    try {
      await backend.check();
    } catch (error) {
      this.onBackendEvent({ type: 'error', error });
    }
  }

  private onBackendEvent(event: UpdaterEvent): void {
    if (this.disposed) return;
    switch (event.type) {
      case 'checking':
        if (this.state.state !== 'checking') this.setState({ state: 'checking' });
        return;
      case 'available':
        this.setState({ state: 'available', version: event.version });
        return;
      case 'not-available':
        this.setState({ state: 'up-to-date', checkedAt: new Date(this.options.clock.now()).toISOString() });
        return;
      case 'progress': {
        const version = 'version' in this.state ? this.state.version : '';
        const percent = Math.max(0, Math.min(100, Math.round(event.percent)));
        this.setState({ state: 'downloading', version, percent });
        return;
      }
      case 'downloaded':
        this.setState({ state: 'ready', version: event.version, notes: event.notes });
        return;
      case 'error': {
        // A ready update stays ready: a later failed check does not take back what is verified on disk.
        if (this.state.state === 'ready') return;
        const reason = updateFailureReason(event.error);
        this.options.logger.warn(`Update failed: ${reason}`);
        this.setState({ state: 'failed', reason });
        return;
      }
    }
  }

  private setState(state: UpdateState): void {
    this.state = state;
    this.emit();
  }

  /** Tells the page; also called when work starts or ends, since that changes whether Restart is offered. */
  emit(): void {
    if (!this.disposed) this.options.onChange(this.view());
  }
}
