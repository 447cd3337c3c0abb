/**
 * Said under a path typed in the browser shell that main will not write to unasked: only a pick in main's chooser
 * window (or the default folder) lets it write there, so the action opens the chooser at that path to confirm.
 */
export function ChooserConfirmHint({
  testId,
  defaultFolder,
  action,
}: {
  testId: string;
  defaultFolder: string | null | undefined;
  /** The end of the sentence: what opens the chooser, e.g. "Enter or Export opens it at this path". */
  action: string;
}) {
  return (
    <p className="hint" data-testid={testId}>
      In the browser, Timbre Studio writes only where you pick in its chooser window
      {defaultFolder ? (
        <>
          {' '}
          or inside <code>{defaultFolder}</code>
        </>
      ) : null}
      : {action} for you to confirm.
    </p>
  );
}
