import { useMemo, useState } from 'react';
import type { JobStatusGroup, JobView } from '../../../common/jobs/job-view.js';
import { jobListGroup } from '../../../common/jobs/job-view.js';
import { EmptyState } from '../../components/EmptyState.js';
import { selectJobsNewestFirst, selectReachable } from '../../stores/generation-store.js';
import { selectGoTo } from '../../stores/navigation-store.js';
import { selectActiveService } from '../../stores/settings-store.js';
import { JobRow } from './JobRow.js';
import { useGenerationStore, useNavigationStore, useSettingsStore } from '../../stores/stores-context.js';

type Filter = 'all' | JobStatusGroup;

const filters: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'In progress' },
  { value: 'waiting', label: 'Waiting' },
  { value: 'problem', label: 'Needs attention' },
  { value: 'done', label: 'Finished' },
];

/** Every task and voice job of the current service, newest first, with the offline queue on top. */
export function TasksPage() {
  const allJobs = useGenerationStore(selectJobsNewestFirst);
  const reachable = useGenerationStore(selectReachable);
  const service = useSettingsStore(selectActiveService);
  const goTo = useNavigationStore(selectGoTo);
  const [filter, setFilter] = useState<Filter>('all');

  const jobs = useMemo(() => allJobs.filter((job) => job.serviceUrl === service?.url), [allJobs, service]);
  const offlineQueue = jobs.filter((job) => job.status === 'queued-offline');
  const shown = filter === 'all' ? jobs : jobs.filter((job) => jobListGroup(job) === filter);
  const counts = (group: Filter): number =>
    group === 'all' ? jobs.length : jobs.filter((job) => jobListGroup(job) === group).length;

  if (!service) {
    return (
      <EmptyState title="Tasks" testId="tasks-empty">
        <p>
          Every generation task and voice clone you submit appears here with its live status, newest first.
        </p>
        <p>Choose a service in Settings to see its tasks.</p>
      </EmptyState>
    );
  }
  return (
    <div className="tasks-page">
      <header className="page-header">
        <h1>Tasks</h1>
        <span className="hint">{service.label || service.url}</span>
        {service.signedIn ? null : (
          // Tasks already sent wait for a sign-in to be checked; nothing of them is sent again.
          <span className="badge badge-warning" data-testid="tasks-signed-out">
            Not signed in — sent tasks are checked once you sign in{' '}
            <button type="button" data-testid="tasks-sign-in" onClick={() => goTo('settings')}>
              Sign in
            </button>
          </span>
        )}
        {reachable[service.url] === false ? (
          <span className="badge badge-warning" data-testid="service-offline">
            Service unreachable — submissions wait and go out when it is back
          </span>
        ) : null}
      </header>
      {offlineQueue.length > 0 ? (
        <section className="card" data-testid="offline-queue">
          <h2>Waiting for the service ({offlineQueue.length})</h2>
          <p className="hint">
            These were not sent yet, so no credits are frozen. Cancel any you no longer need.
          </p>
          <ul className="job-list">
            {offlineQueue.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </ul>
        </section>
      ) : null}
      <div className="filter-bar" role="tablist" aria-label="Filter tasks by status">
        {filters.map((option) => (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={filter === option.value}
            data-testid={`jobs-filter-${option.value}`}
            onClick={() => setFilter(option.value)}
          >
            {option.label} ({counts(option.value)})
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <EmptyState title={jobs.length === 0 ? 'No tasks yet' : 'Nothing here'} testId="tasks-empty">
          <p>
            {jobs.length === 0
              ? 'Tasks appear here when you generate a project or clone a voice. They keep running in the background and resume after a restart.'
              : 'No task matches this filter.'}
          </p>
        </EmptyState>
      ) : (
        <ul className="job-list" data-testid="job-list">
          {shown.map((job: JobView) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}
