import { EmptyState } from '../../components/EmptyState.js';

export function VoicesPage() {
  return (
    <EmptyState title="Voices" testId="voices-empty">
      <p>Your voice library: voices you clone from a recording or a file, and market voices you add by id.</p>
      <p>Record at least 3 seconds of clear speech (10 seconds to 3 minutes gives a good quick clone).</p>
    </EmptyState>
  );
}
