import { nowIso } from '../clock.js';
import type { StateStore } from '../state/state-store.js';
import type { LedgerEntry } from '../state/schema.js';

export type LedgerInput = Omit<LedgerEntry, 'sequence' | 'at'>;

/**
 * Every `POST /api/tts/generate` and `POST /api/voice` (alias included) the stand-in received, with its token, a
 * body summary and the outcome (task/voice id, status, code). Persisted, so tests can prove a task was not
 * submitted twice even across a restart.
 */
export class Ledger {
  constructor(private readonly store: StateStore) {}

  record(input: LedgerInput): LedgerEntry {
    const entry: LedgerEntry = { ...input, sequence: this.store.state.ledger.length + 1, at: nowIso() };
    this.store.state.ledger.push(entry);
    this.store.changed();
    return entry;
  }

  entries(filter: { kind?: string; token?: string } = {}): LedgerEntry[] {
    return this.store.state.ledger.filter(
      (entry) =>
        (filter.kind === undefined || entry.kind === filter.kind) &&
        (filter.token === undefined || entry.token === filter.token),
    );
  }
}
