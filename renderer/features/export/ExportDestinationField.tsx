import { ChooserConfirmHint } from '../../components/ChooserConfirmHint.js';
import { ChooserWindow } from '../../components/ChooserWindow.js';
import { PathField } from '../../components/PathField.js';
import { PathInput } from '../../components/PathInput.js';
import type { ExportDestination } from './use-export-destination.js';

/**
 * "Save as": the path field and its Choose button, the hint that a typed path will be confirmed in main's chooser
 * window (browser shell), and that window while it is open.
 */
export function ExportDestinationField(props: {
  destination: ExportDestination;
  /** A folder for the modes that write into one, else a file (a zip is one file). */
  container: 'folder' | 'save-file';
  busy: boolean;
  /** Main's chooser window is open. */
  choosing: boolean;
  onOpenChooser(): void;
  onChosenInChooser(chosenPath: string): void;
  onCancelChooser(): void;
}) {
  const { destination, container, busy, choosing, onOpenChooser, onChosenInChooser, onCancelChooser } = props;
  return (
    <>
      <PathField
        label="Save as"
        chooseTestId="export-choose"
        disabled={busy}
        onChoose={() => void destination.chooseInSystemDialog(onOpenChooser)}
      >
        <PathInput
          data-testid="export-path"
          value={destination.outputPath}
          disabled={busy}
          spellCheck={false}
          onChange={(event) => destination.type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || !destination.browserShell || busy) return;
            event.preventDefault();
            onOpenChooser();
          }}
        />
      </PathField>
      {destination.needsConfirming && !choosing ? (
        <ChooserConfirmHint
          testId="export-path-confirm"
          defaultFolder={destination.defaultFolder}
          action="Enter or Export opens it at this path"
        />
      ) : null}
      {choosing ? (
        <ChooserWindow
          kind={container}
          initialPath={destination.outputPath}
          onChosen={(chosenPath) => {
            destination.choose(chosenPath);
            onChosenInChooser(chosenPath);
          }}
          onCancel={onCancelChooser}
        />
      ) : null}
    </>
  );
}
