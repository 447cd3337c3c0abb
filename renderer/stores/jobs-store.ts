import type { StoreApi } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { JobView } from '../../common/jobs/job-view.js';

interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

export interface JobsState {
  jobs: Record<string, JobView>;
  uploads: Record<string, UploadProgress>;
  /** Whether each service answered the last time main tried it. */
  reachable: Record<string, boolean>;
  replaceAll(jobs: JobView[]): void;
  upsert(job: JobView): void;
  remove(id: string): void;
  setUpload(id: string, progress: UploadProgress): void;
  setReachable(serviceUrl: string, reachable: boolean): void;
}

/** Mirrors main's job manager through its events; main is the owner. */
export const createJobsStore = (): StoreApi<JobsState> =>
  createStore<JobsState>()((set) => ({
    jobs: {},
    uploads: {},
    reachable: {},
    replaceAll: (jobs) => set({ jobs: Object.fromEntries(jobs.map((job) => [job.id, job])) }),
    upsert: (job) => set((state) => ({ jobs: { ...state.jobs, [job.id]: job } })),
    remove: (id) =>
      set((state) => {
        const { [id]: _removed, ...jobs } = state.jobs;
        return { jobs };
      }),
    setUpload: (id, progress) => set((state) => ({ uploads: { ...state.uploads, [id]: progress } })),
    setReachable: (serviceUrl, reachable) =>
      set((state) => ({ reachable: { ...state.reachable, [serviceUrl]: reachable } })),
  }));

let sortedCache: { source: Record<string, JobView>; sorted: JobView[] } | undefined;

/** Newest first; memoised on the jobs object so components re-render only when jobs change. */
export const selectJobsNewestFirst = (state: JobsState): JobView[] => {
  if (sortedCache?.source !== state.jobs) {
    const sorted = Object.values(state.jobs).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    sortedCache = { source: state.jobs, sorted };
  }
  return sortedCache.sorted;
};
export const selectJobs = (state: JobsState): Record<string, JobView> => state.jobs;
export const selectUploads = (state: JobsState): Record<string, UploadProgress> => state.uploads;
export const selectReachable = (state: JobsState): Record<string, boolean> => state.reachable;
