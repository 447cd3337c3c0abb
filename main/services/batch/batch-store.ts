import { rename } from 'node:fs/promises';
import type { Logger } from '../logging/logger.js';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import type { BatchState } from './batch-types.js';
import { BATCH_FILE_VERSION, batchFileSchema, batchItemRecordSchema } from './batch-types.js';

/** Where the queue keeps its state between runs. */
export interface BatchStore {
  load(): Promise<BatchState>;
  /** Persists the state; resolves once a write including it is done. */
  save(state: BatchState): Promise<void>;
}

/** For a queue that need not survive the process (the command line tool: its batch is its arguments). */
export class MemoryBatchStore implements BatchStore {
  private state: BatchState;
  constructor(initial: BatchState = { paused: false, items: [] }) {
    this.state = structuredClone(initial);
  }
  load(): Promise<BatchState> {
    return Promise.resolve(structuredClone(this.state));
  }
  save(state: BatchState): Promise<void> {
    this.state = structuredClone(state);
    return Promise.resolve();
  }
}

/**
 * `<dataDir>/batch-queue.json`: atomic writes (temp file, fsync, rename), coalesced so a burst of changes makes
 * one write of the latest state. On load every item is checked against the schema; a bad entry is dropped and
 * logged, and a file that cannot be read at all is moved aside (never overwritten) and the queue starts empty.
 */
export class JsonBatchStore implements BatchStore {
  private latest: BatchState | undefined;
  private writing: Promise<void> | undefined;

  constructor(
    readonly filePath: string,
    private readonly logger?: Logger,
  ) {}

  async load(): Promise<BatchState> {
    const text = await readFileIfExists(this.filePath);
    if (text === undefined) return { paused: false, items: [] };
    let parsed;
    try {
      parsed = batchFileSchema.parse(JSON.parse(text));
    } catch (error) {
      const aside = `${this.filePath}.damaged-${new Date().toISOString().replace(/[:.]/gu, '-')}`;
      await rename(this.filePath, aside);
      this.logger?.warn(`The batch queue file was unreadable; kept it as ${aside} and started empty.`, error);
      return { paused: false, items: [] };
    }
    const items: BatchState['items'] = [];
    for (const [index, entry] of parsed.items.entries()) {
      const item = batchItemRecordSchema.safeParse(entry);
      if (item.success) items.push(item.data);
      else
        this.logger?.warn(
          `Dropped batch queue entry ${index}: ${item.error.issues[0]?.message ?? 'invalid'}`,
        );
    }
    return { paused: parsed.paused, items };
  }

  save(state: BatchState): Promise<void> {
    this.latest = structuredClone(state);
    this.writing ??= this.drain();
    return this.writing;
  }

  /** Writes until no newer state is waiting: every save() caller is answered by a write that includes its state. */
  private async drain(): Promise<void> {
    try {
      while (this.latest) {
        const state = this.latest;
        this.latest = undefined;
        await writeJsonAtomic(this.filePath, { version: BATCH_FILE_VERSION, ...state });
      }
    } finally {
      this.writing = undefined;
    }
  }
}
