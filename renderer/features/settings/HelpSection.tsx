import { useCommandRegistry } from '../../commands/use-commands.js';

/** Settings → Help: Report a Problem, the same command as the Help menu's and the palette's. */
export function HelpSection() {
  const registry = useCommandRegistry();
  return (
    <section className="card" data-testid="help-section">
      <h2>Help</h2>
      <p className="hint">
        Something went wrong? Save a problem report (logs, versions, settings without secrets and the last
        request ids) and attach it to your message to support.
      </p>
      <div className="form-actions">
        <button
          type="button"
          data-testid="settings-report-problem"
          onClick={() => registry.run('report-problem', { source: 'palette' })}
        >
          Report a Problem…
        </button>
      </div>
    </section>
  );
}
