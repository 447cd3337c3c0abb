/** One answer (or failure) of the service, as a problem report lists it: never a token, a body or a query. */
export interface RecentRequest {
  /** When the answer or failure came (ISO 8601). */
  at: string;
  /** The service, without user name, password, query or fragment. */
  service: string;
  method: string;
  /** The path asked for, without its query. */
  path: string;
  /** The HTTP status; 0 when none came back (unreachable, timed out, cancelled). */
  status: number;
  /** The service's `x-service-app-request-id`, which its support can look up. */
  requestId?: string;
  /** The error code of a failure (e.g. TASK_NOT_FOUND, NETWORK_ERROR). */
  code?: string;
}

/** How many answers are kept: enough to cover the minutes before a problem, small enough to read. */
const DEFAULT_CAPACITY = 100;

/**
 * The last answers of every service client, in memory: they go into a problem report. A restart starts the list
 * again, so each failed answer (no answer, or a status of 400 and above) is also handed to `onFailure` — the app
 * writes it to its log, and a report made after a crash and a restart still carries the request ids of the
 * failures before it.
 */
export class RecentRequests {
  private readonly entries: RecentRequest[] = [];

  constructor(
    private readonly capacity = DEFAULT_CAPACITY,
    private readonly onFailure?: (entry: RecentRequest) => void,
  ) {}

  record(entry: {
    serviceUrl: string;
    method: string;
    path: string;
    status: number;
    requestId: string | undefined;
    code?: string;
    /** A failing status the caller wanted (ServiceClient's `expects`): kept, but not told as a failure. */
    expected?: boolean;
  }): void {
    const { serviceUrl, path, requestId, code, expected, ...rest } = entry;
    this.entries.push({
      at: new Date().toISOString(),
      service: withoutCredentials(serviceUrl),
      ...rest,
      path: path.split(/[?#]/u)[0] ?? '',
      ...(requestId === undefined ? {} : { requestId }),
      ...(code === undefined ? {} : { code }),
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    const recorded = this.entries[this.entries.length - 1];
    if (recorded && expected !== true && (recorded.status === 0 || recorded.status >= 400))
      this.onFailure?.({ ...recorded });
  }

  /** Oldest first. */
  list(): RecentRequest[] {
    return this.entries.map((entry) => ({ ...entry }));
  }
}

/**
 * A URL without its user name, password, query and fragment (where a proxy's credentials or a signed link's
 * signature would be); text that is not a URL is left out entirely rather than guessed at.
 */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString().replace(/\/$/u, '');
  } catch {
    return '[not a URL]';
  }
}
