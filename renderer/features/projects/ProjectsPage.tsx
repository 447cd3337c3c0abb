import { EmptyState } from '../../components/EmptyState.js';

export function ProjectsPage() {
  return (
    <EmptyState title="Projects" testId="projects-empty">
      <p>Your scripts live here: each project is a timeline of speech, sound-effect and music blocks.</p>
      <p>
        Create a project or import a text file to start drafting. Everything is saved as you type and works
        offline.
      </p>
    </EmptyState>
  );
}
