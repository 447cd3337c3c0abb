export interface RequestLogEntry {
  at: string;
  requestId: string;
  method: string;
  path: string;
  token: string | null;
  /** HTTP status sent, or 0 when the connection was dropped by a fault. */
  status: number;
  code?: string;
  fault?: string;
  durationMs: number;
}

const MAX_ENTRIES = 5000;

/** Recent requests of every kind (in memory only), so tests can count retries and polls. */
export class RequestLog {
  private entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > MAX_ENTRIES) this.entries = this.entries.slice(-MAX_ENTRIES);
  }

  list(filter: { pathPrefix?: string; method?: string } = {}): RequestLogEntry[] {
    return this.entries.filter(
      (entry) =>
        (filter.pathPrefix === undefined || entry.path.startsWith(filter.pathPrefix)) &&
        (filter.method === undefined || entry.method === filter.method.toUpperCase()),
    );
  }

  clear(): void {
    this.entries = [];
  }
}
