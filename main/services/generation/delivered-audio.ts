import type { JobRecord, TaskJobRecord } from '../jobs/index.js';

/** Where the service delivered a content's audio: the task that made it and the segment's URL. */
export interface DeliveredAudio {
  job: TaskJobRecord;
  index: number;
  remoteUrl: string;
  /** Characters of the segment as sent: what generating it again would cost. */
  characters: number;
}

/**
 * The audio the service has already made and the app has paid for, by content hash: the newest succeeded task
 * whose result names an audio URL for it. The result is persisted with the job, so after a failed download or a
 * restart the audio is fetched again from here instead of being sent (and paid for) again.
 */
export function deliveredAudio(jobs: readonly JobRecord[]): Map<string, DeliveredAudio> {
  const delivered = new Map<string, DeliveredAudio>();
  const succeeded = jobs
    .filter((job): job is TaskJobRecord => job.kind === 'task' && job.status === 'succeeded')
    .sort((a, b) => (b.finishedAt ?? b.updatedAt).localeCompare(a.finishedAt ?? a.updatedAt));
  for (const job of succeeded) {
    const contents = job.result?.metadata.contents ?? [];
    (job.contentHashes ?? []).forEach((hash, index) => {
      const content = contents[index];
      if (delivered.has(hash) || !content?.audio) return;
      delivered.set(hash, {
        job,
        index,
        remoteUrl: content.audio,
        characters: typeof content.text === 'string' ? content.text.length : 0,
      });
    });
  }
  return delivered;
}
