import { useState } from 'react';
import { useCommandHandlers } from '../../commands/use-commands.js';
import { ReportProblemDialog } from './ReportProblemDialog.js';

/**
 * Answers the `report-problem` command from anywhere (Help menu, the command palette, Settings' button) by
 * opening the Report a Problem dialog; the app mounts it once.
 */
export function ReportProblemHost() {
  const [open, setOpen] = useState(false);
  useCommandHandlers({ 'report-problem': { run: () => setOpen(true) } }, { fallback: true });
  return open ? <ReportProblemDialog onClose={() => setOpen(false)} /> : null;
}
