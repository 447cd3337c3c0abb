import { createHash } from 'node:crypto';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import type { JobRecord, JobRequest } from './job-types.js';
import { FINAL_STATUSES } from './job-types.js';
import { mayChargeTwice } from '../../../common/jobs/job-texts.js';
import { isoLaterFirst } from '../../../common/text/iso-order.js';

/** One job as kept on disk: the record the UI sees, the request to (re)send it and polling facts. */
export interface StoredJob {
  record: JobRecord;
  request: JobRequest;
  /** When the service started answering a status the app does not know (epoch ms). */
  unknownSince?: number;
}

/** Finished jobs beyond this many (oldest first) are dropped, so the file stays small over months of use. */
export const MAX_FINISHED_JOBS_KEPT = 1000;
const FILE_VERSION = 1;

// Records are written by this module only; on load they are checked loosely (shape of the essentials) so a
// file from a newer version with extra fields still loads.
const storedJobSchema = z.object({
  record: z.looseObject({
    id: z.string(),
    kind: z.enum(['task', 'voice']),
    serviceUrl: z.string(),
    status: z.enum([
      'queued',
      'queued-offline',
      'submitting',
      'running',
      'succeeded',
      'failed',
      'stuck',
      'unknown-outcome',
      'cancelled',
    ]),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  request: z.looseObject({ kind: z.enum(['task', 'voice']) }),
  unknownSince: z.number().optional(),
});

const fileSchema = z.object({
  version: z.number(),
  serviceUrl: z.string(),
  jobs: z.array(z.unknown()),
  /** The service's learned speed (completion-forecast.ts); checked by its own schema. */
  forecast: z.unknown().optional(),
});

/** The job file of one service: `<dataDir>/jobs/<host>-<port>-<hash>.json`. */
export function jobFilePath(dataDir: string, serviceUrl: string): string {
  const url = new URL(serviceUrl);
  const readable = `${url.hostname}-${url.port || (url.protocol === 'https:' ? '443' : '80')}`.replace(
    /[^a-zA-Z0-9.-]/g,
    '_',
  );
  const hash = createHash('sha256').update(normaliseServiceUrl(serviceUrl)).digest('hex').slice(0, 12);
  return path.join(dataDir, 'jobs', `${readable}-${hash}.json`);
}

/**
 * The data folder of the command line's own state, under the app's (cli-services.ts): its job files are its own,
 * but the app reads them (and the CLI the app's) for what they hold back (readOtherJobs).
 */
export const CLI_STATE_FOLDER = 'cli';

/**
 * The job records of another shell's job file (the app's, or the CLI's), read only: its owner rewrites it whole
 * (atomically, so a read never sees half of it). A missing, unreadable or unrecognised file, or entry, counts as
 * none: it is never renamed or repaired here, as load() does with its own.
 */
export async function readOtherJobs(filePath: string): Promise<JobRecord[]> {
  try {
    const text = await readFileIfExists(filePath);
    if (text === undefined) return [];
    const parsed = fileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    return parsed.data.jobs.flatMap((entry) => {
      const result = storedJobSchema.safeParse(entry);
      return result.success ? [result.data.record as unknown as JobRecord] : [];
    });
  } catch {
    return [];
  }
}

export function normaliseServiceUrl(serviceUrl: string): string {
  return serviceUrl.replace(/\/+$/, '');
}

export interface LoadResult {
  jobs: StoredJob[];
  /** Entries that could not be read (kept aside in the `.corrupt` copy when the whole file was unreadable). */
  skipped: number;
  forecast?: unknown;
}

/**
 * Reads and writes the job file. Writes are atomic (temp file, fsync, rename) and coalesced: while one write
 * runs, later changes wait and go out together in the next, and `save()` resolves once a write that includes
 * the state at the time of the call has reached the disk.
 */
export class JobStore {
  private writing: Promise<void> | undefined;
  private pending: Promise<void> | undefined;

  constructor(
    readonly filePath: string,
    readonly serviceUrl: string,
    private readonly snapshot: () => StoredJob[],
    private readonly snapshotForecast: () => unknown = () => undefined,
  ) {}

  async load(): Promise<LoadResult> {
    const text = await readFileIfExists(this.filePath);
    if (text === undefined) return { jobs: [], skipped: 0 };
    let parsed: z.infer<typeof fileSchema>;
    try {
      parsed = fileSchema.parse(JSON.parse(text));
    } catch {
      // Unreadable (should not happen with atomic writes, but a disk can still lie): keep a copy for support
      // and start afresh rather than refuse to start.
      await rename(this.filePath, `${this.filePath}.corrupt-${Date.now()}`);
      return { jobs: [], skipped: 1 };
    }
    const jobs: StoredJob[] = [];
    let skipped = 0;
    for (const entry of parsed.jobs) {
      const result = storedJobSchema.safeParse(entry);
      if (result.success) jobs.push(result.data as unknown as StoredJob);
      else skipped += 1;
    }
    return { jobs, skipped, forecast: parsed.forecast };
  }

  /** Persists the current state; resolves when it is on disk. */
  save(): Promise<void> {
    if (this.pending) return this.pending;
    const previous = this.writing ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        this.pending = undefined;
        this.writing = next;
        try {
          await writeJsonAtomic(this.filePath, {
            version: FILE_VERSION,
            serviceUrl: this.serviceUrl,
            forecast: this.snapshotForecast(),
            jobs: pruneFinished(this.snapshot()),
          });
        } finally {
          if (this.writing === next) this.writing = undefined;
        }
      });
    this.pending = next;
    return next;
  }
}

/**
 * Drops the oldest finished jobs beyond MAX_FINISHED_JOBS_KEPT, except one the service may have charged without
 * the app knowing (mayChargeTwice) that the user has not dealt with: not sent again, not dismissed, not made
 * unneeded by a later task. Its texts are the user's only way to recognise it in the service's records, so it
 * stays until then; once dealt with it ages out like any other (behind a flaky proxy the file would grow forever).
 */
function pruneFinished(jobs: StoredJob[]): StoredJob[] {
  const finished = jobs.filter(
    ({ record }) => FINAL_STATUSES.includes(record.status) && !awaitsTheUser(record),
  );
  if (finished.length <= MAX_FINISHED_JOBS_KEPT) return jobs;
  const dropped = new Set(
    finished
      .sort((a, b) => isoLaterFirst(b.record.createdAt, a.record.createdAt))
      .slice(0, finished.length - MAX_FINISHED_JOBS_KEPT)
      .map((job) => job.record.id),
  );
  return jobs.filter((job) => !dropped.has(job.record.id));
}

/** A job the service may have charged that the user has neither sent again nor dismissed, and no later task made unneeded. */
function awaitsTheUser(record: JobRecord): boolean {
  return (
    mayChargeTwice(record) &&
    record.retriedBy === undefined &&
    record.dismissedAt === undefined &&
    record.supersededAt === undefined
  );
}
