import { EmptyState } from '../../components/EmptyState.js';

export function TasksPage() {
  return (
    <EmptyState title="Tasks" testId="tasks-empty">
      <p>Every generation task and voice clone you submit appears here with its live status, newest first.</p>
      <p>Tasks keep running in the background and resume after a restart.</p>
    </EmptyState>
  );
}
