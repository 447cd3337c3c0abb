import path from 'node:path';
import { readFileIfExists, writeFileAtomic } from './atomic-file.js';
import { emptyState, standinStateSchema, type StandinState } from './schema.js';

const SAVE_DELAY_MS = 25;

/**
 * Holds the stand-in's state in memory and persists it as one JSON file in the data folder. Mutations call
 * `changed()`; writes are coalesced (at most one every few ms) and always atomic, so a kill at any moment leaves a
 * readable file. `flush()` writes pending changes now (used on close).
 */
export class StateStore {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    readonly filePath: string,
    readonly state: StandinState,
  ) {}

  static async open(dataDir: string): Promise<StateStore> {
    const filePath = path.join(dataDir, 'state.json');
    const text = await readFileIfExists(filePath);
    if (text === undefined) return new StateStore(filePath, emptyState());
    const parsed = standinStateSchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `Stand-in state file ${filePath} is not valid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`,
      );
    }
    return new StateStore(filePath, parsed.data);
  }

  nextSequence(): number {
    const value = this.state.nextSequence;
    this.state.nextSequence += 1;
    this.changed();
    return value;
  }

  changed(): void {
    // Work that finishes after close (a request in flight, a child process) must not write (or re-create a
    // deleted temp data folder).
    if (this.closed) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, SAVE_DELAY_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writeNow();
  }

  /** Writes pending changes and ignores every later change. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private writeNow(): Promise<void> {
    // Chained so two writes never race on the rename; each write takes the state as it is when it starts.
    this.writing = this.writing.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      await writeFileAtomic(this.filePath, JSON.stringify(this.state));
    });
    return this.writing;
  }
}
