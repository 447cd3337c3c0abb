import type { SegmentUpdate } from '../../../common/generation/index.js';
import type { AudioCache } from '../audio-cache/index.js';
import type { JobManager, JobRecord } from '../jobs/index.js';
import { deliveredAudio } from './delivered-audio.js';
import type { SegmentFiling } from './segment-filing.js';
import { generatedUpdate, latestFailure, pendingHashes } from './segment-update-sources.js';

export interface ContentLookupOptions {
  manager(serviceUrl: string): Promise<JobManager>;
  audio: AudioCache;
  filing: SegmentFiling;
}

/**
 * What main knows of contents (by hash) when a project is opened: cached audio, tasks on their way, the last
 * failures; delivered audio that is not here is fetched again (never resent), also on "Fetch audio again".
 */
export class ContentLookup {
  constructor(private readonly options: ContentLookupOptions) {}

  /** The audio the cache has, the jobs still on their way, and the last failures, for the given hashes. */
  async lookup(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    const { audio, filing } = this.options;
    const wanted = new Set(hashes);
    const cached = await audio.lookupMany(serviceUrl, [...wanted]);
    const updates: SegmentUpdate[] = [...cached.values()].map((entry) =>
      generatedUpdate(entry.cacheKey, entry),
    );
    const jobs = (await this.options.manager(serviceUrl)).list();
    const pending = pendingHashes(jobs);
    const delivered = deliveredAudio(jobs);
    for (const hash of wanted) {
      if (cached.has(hash)) continue;
      const jobId = pending.get(hash);
      if (jobId) {
        updates.push({ contentHash: hash, state: 'pending', jobId });
        continue;
      }
      const problem = filing.problemOf(serviceUrl, hash);
      if (problem) {
        updates.push({ contentHash: hash, state: 'failed', error: problem });
        continue;
      }
      const paidFor = delivered.get(hash);
      if (paidFor) {
        // Delivered but not on this machine (a download cut short, a cleared cache): fetched, not resent.
        updates.push({ contentHash: hash, state: 'pending', jobId: paidFor.job.id });
        filing.refile(paidFor.job, [hash]);
        continue;
      }
      const failed = latestFailure(jobs, hash);
      if (failed?.error) {
        updates.push({
          contentHash: hash,
          state: 'failed',
          error: {
            code: failed.error.code,
            message: failed.error.message,
            requestId: failed.error.requestId,
          },
        });
      }
    }
    return updates;
  }

  /**
   * "Fetch audio again": downloads the delivered audio of these contents anew (nothing is submitted) and
   * answers what main now knows of them.
   */
  async refetch(serviceUrl: string, hashes: readonly string[]): Promise<SegmentUpdate[]> {
    const { audio, filing } = this.options;
    const manager = await this.options.manager(serviceUrl);
    const cached = await audio.lookupMany(serviceUrl, [...hashes]);
    const delivered = deliveredAudio(manager.list());
    const jobs = new Map<string, { job: JobRecord; hashes: string[] }>();
    for (const hash of hashes) {
      const found = delivered.get(hash);
      if (!found || cached.has(hash)) continue;
      filing.forgetProblem(serviceUrl, hash);
      const entry = jobs.get(found.job.id) ?? { job: found.job, hashes: [] };
      entry.hashes.push(hash);
      jobs.set(found.job.id, entry);
    }
    for (const { job, hashes: mine } of jobs.values()) filing.refile(job, mine);
    await filing.settled();
    return this.lookup(serviceUrl, hashes);
  }
}
