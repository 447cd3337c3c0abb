import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountBook } from './accounts/account-book.js';
import { loadAccountSeeds } from './accounts/account-seed.js';
import { FileSpace } from './files/file-space.js';
import type { ResolvedOptions } from './options.js';
import { Ledger } from './records/ledger.js';
import { RequestLog } from './records/request-log.js';
import { writeFileAtomic } from './state/atomic-file.js';
import { StateStore } from './state/state-store.js';
import type { SplitterConfig } from './state/schema.js';
import { TaskService } from './tasks/task-service.js';
import { FaultBook } from './traffic/faults.js';
import { RateLimiter } from './traffic/rate-limiter.js';
import { MARKET_VOICES, marketVoiceRecords } from './voices/market-voices.js';
import { prepareMarketSamples } from './voices/market-samples.js';
import { DEFAULT_AVATAR_PATH, VoiceService } from './voices/voice-service.js';
import { VoiceRegistry } from './voices/voice-registry.js';

const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#6b7cff"/><path d="M20 40c4-10 20-10 24 0" stroke="#fff" stroke-width="4" fill="none"/><circle cx="32" cy="24" r="7" fill="#fff"/></svg>\n';

/** Saved splitter configurations every stand-in holds (the splitter endpoints themselves are not shown). */
function builtInSplitters(): SplitterConfig[] {
  const [aria, bruno] = MARKET_VOICES;
  return [
    {
      id: 'standin-sentences',
      name: 'One block per sentence (Aria)',
      mode: 'sentence',
      maxLength: 300,
      blockDefaults: { voiceId: aria?.idForGenerate, language: 'auto' },
    },
    {
      id: 'standin-paragraphs',
      name: 'One block per paragraph, at most 600 characters (Bruno)',
      mode: 'paragraph',
      maxLength: 600,
      blockDefaults: { voiceId: bruno?.idForGenerate, language: 'auto' },
    },
  ];
}

/** Everything behind the HTTP surface, wired together; no HTTP here. */
export class StandinApp {
  readonly faults = new FaultBook();
  readonly requestLog = new RequestLog();
  readonly rateLimiter: RateLimiter;
  readonly accounts: AccountBook;
  readonly voices: VoiceRegistry;
  readonly ledger: Ledger;
  readonly files: FileSpace;
  readonly tasks: TaskService;
  readonly voiceService: VoiceService;
  private readonly lifetime = new AbortController();

  private constructor(
    readonly options: ResolvedOptions,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    readonly store: StateStore,
  ) {
    this.rateLimiter = new RateLimiter(options.rateLimit);
    this.accounts = new AccountBook(store);
    this.voices = new VoiceRegistry(store);
    this.ledger = new Ledger(store);
    this.files = new FileSpace(dataDir);
    const shared = {
      accounts: this.accounts,
      voices: this.voices,
      files: this.files,
      speed: options.speed,
      failRate: options.failRate,
      random: Math.random,
      signal: this.lifetime.signal,
      log: options.log,
    };
    this.tasks = new TaskService({
      ...shared,
      store,
      syncWaitS: options.syncWaitS,
      concurrency: options.concurrency,
      audioFormat: options.audioFormat,
    });
    this.voiceService = new VoiceService(shared);
  }

  static async create(options: ResolvedOptions): Promise<StandinApp> {
    const ownsDataDir = options.dataDir === undefined;
    const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'timbre-standin-')));
    await fs.mkdir(path.join(dataDir, 'files'), { recursive: true });
    // Request temp folders of a killed run are garbage.
    await fs.rm(path.join(dataDir, 'tmp'), { recursive: true, force: true });
    await fs.mkdir(path.join(dataDir, 'tmp'), { recursive: true });
    let store: StateStore | undefined;
    try {
      store = await StateStore.open(dataDir);
      const app = new StandinApp(options, dataDir, ownsDataDir, store);
      app.accounts.applySeeds(await loadAccountSeeds(options.accounts));
      app.voices.replaceMarket(marketVoiceRecords(options.audioFormat, new Date().toISOString()));
      for (const splitter of builtInSplitters()) {
        if (!store.state.splitters.some((saved) => saved.id === splitter.id))
          store.state.splitters.push(splitter);
      }
      await app.prepareFiles();
      return app;
    } catch (error) {
      // A bad accounts file or state file must not leave a temp folder (or a late state write) behind.
      await store?.close();
      if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Aborted when the stand-in closes: every simulated wait listens to it. */
  get signal(): AbortSignal {
    return this.lifetime.signal;
  }

  get tempRoot(): string {
    return path.join(this.dataDir, 'tmp');
  }

  /** Starts work left unfinished by a previous run; call once the origin is known. */
  resume(): void {
    this.tasks.resumeUnfinished();
    this.voiceService.resumeUnfinished();
  }

  async close(): Promise<void> {
    this.lifetime.abort(new Error('stand-in closing'));
    await this.tasks.queue.close();
    await this.store.close();
    if (this.ownsDataDir) await fs.rm(this.dataDir, { recursive: true, force: true });
  }

  /** The default avatar and each market style's sample. */
  private async prepareFiles(): Promise<void> {
    const avatar = this.files.diskPathOf(DEFAULT_AVATAR_PATH);
    if (avatar !== undefined) await writeFileAtomic(avatar, DEFAULT_AVATAR_SVG);
    await prepareMarketSamples(this.voices.all(), this.files, this.options.audioFormat);
  }
}
