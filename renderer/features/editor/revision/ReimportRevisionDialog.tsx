import { useMemo, useState } from 'react';
import { applyRevision } from '../../../../common/import/revision-apply.js';
import { SCRIPT_FILE_EXTENSIONS } from '../../../../common/import/script-formats.js';
import { ProjectEditError } from '../../../../common/project/edit-error.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { Dialog } from '../../../components/Dialog.js';
import { editDocument } from '../../../stores/document-actions.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { contextIn } from '../../../shared/send-context.js';
import { RevisionDiffView } from './RevisionDiffView.js';
import { estimateRevision } from './revision-estimate.js';
import type { RevisionReading } from './use-revision-read.js';
import { DEFAULT_REVISION_READING, useRevisionRead } from './use-revision-read.js';
import { revisionPlanFor, useRevisionPlan } from './use-revision-plan.js';
import './revision.css';

/**
 * "Re-import revised manuscript…": the user picks the revised file (any format the import reads) and how it is
 * cut into paragraphs, sees the diff against the project with what generating it again costs, and applies it as
 * one edit (Undo takes the whole re-import back) or cancels. Nothing changes before Apply.
 */
export function ReimportRevisionDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const stores = useAppStores();
  const { read, readFile } = useRevisionRead(stores);
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<RevisionReading>(DEFAULT_REVISION_READING);

  const comparison = useRevisionPlan(project, read.state === 'read' ? read.paragraphs : null);
  const plan = comparison.state === 'compared' ? comparison.plan : null;
  const outcome = useMemo(() => {
    if (plan === null) return null;
    try {
      return { estimate: estimateRevision(project, plan, (next) => contextIn(stores, next)) };
    } catch (caught) {
      // A revision the project cannot hold (its limits, a cast too large) is said before Apply, not thrown.
      if (caught instanceof ProjectEditError) return { problem: caught.message };
      throw caught;
    }
  }, [plan, project, stores]);
  // Why there is no diff to show: the file could not be read or compared, or the project cannot hold it.
  const problem =
    read.state === 'failed'
      ? read.message
      : comparison.state === 'failed'
        ? comparison.message
        : outcome !== null && 'problem' in outcome
          ? outcome.problem
          : undefined;
  const changes = plan?.changes.filter((change) => change.kind !== 'unchanged').length ?? 0;

  const choose = (picked: File | undefined): void => {
    if (!picked) return;
    setFile(picked);
    void readFile(picked, reading);
  };
  const changeReading = (patch: Partial<RevisionReading>): void => {
    const next = { ...reading, ...patch };
    setReading(next);
    if (file) void readFile(file, next);
  };
  const apply = (): void => {
    if (read.state !== 'read' || plan === null) return;
    // Applied to the document as it is now, so an autosave or a finished take since is kept.
    const applied = editDocument(
      stores,
      (current) => applyRevision(current, revisionPlanFor(current, plan)),
      {
        label: `Re-import “${read.fileName}”`,
      },
    );
    if (applied) onClose();
  };

  return (
    <Dialog title="Re-import revised manuscript" testId="revision-dialog" size="wide" onClose={onClose}>
      <p className="revision-intro">
        Paragraphs are matched to the project’s blocks: unchanged ones keep their takes and audio, speaker,
        voice, parameters, timing and chapter marks; changed ones keep their voice and parameters and need
        generating again. Cut the revision as the project was imported, so unchanged text pairs up.
      </p>
      <div className="revision-options">
        <label>
          Revised manuscript{' '}
          <input
            type="file"
            data-testid="revision-file"
            data-autofocus
            accept={[...SCRIPT_FILE_EXTENSIONS, 'text/*'].join(',')}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        <label>
          Paragraphs{' '}
          <select
            data-testid="revision-paragraphs"
            value={reading.paragraphs}
            onChange={(event) =>
              changeReading({ paragraphs: event.target.value === 'lines' ? 'lines' : 'blank-lines' })
            }
          >
            <option value="blank-lines">end at blank lines</option>
            <option value="lines">each line is one</option>
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="revision-split-sentences"
            checked={reading.splitSentences}
            onChange={(event) => changeReading({ splitSentences: event.target.checked })}
          />{' '}
          One block per sentence
        </label>
        <label>
          <input
            type="checkbox"
            data-testid="revision-speaker-labels"
            checked={reading.speakerLabels}
            onChange={(event) => changeReading({ speakerLabels: event.target.checked })}
          />{' '}
          Read “NAME:” speaker labels
        </label>
      </div>
      {read.state === 'reading' ? (
        <p data-testid="revision-reading" role="status">
          Reading “{read.fileName}”…
        </p>
      ) : null}
      {comparison.state === 'comparing' ? (
        <p data-testid="revision-comparing" role="status">
          Comparing “{read.state === 'read' ? read.fileName : ''}” with the project…
        </p>
      ) : null}
      {problem !== undefined ? (
        <p className="revision-problem" data-testid="revision-problem" role="alert">
          {problem}
        </p>
      ) : null}
      {plan !== null && outcome?.estimate !== undefined ? (
        <RevisionDiffView plan={plan} estimate={outcome.estimate} />
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="revision-apply"
          disabled={plan === null || changes === 0 || outcome?.estimate === undefined}
          onClick={apply}
        >
          {plan === null ? 'Apply' : `Apply ${changes} change${changes === 1 ? '' : 's'}`}
        </button>
        <button type="button" data-testid="revision-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
