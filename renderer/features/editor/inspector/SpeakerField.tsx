import { assignSpeaker } from '../../../../common/project/cast-edits.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { sentText, spokenText } from '../../../../common/project/resolve-params.js';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { useAppStores } from '../../../stores/stores-context.js';
import { applyOrConfirm, proposeChange } from './change-impact.js';
import { useFollowedBlock } from '../use-followed-block.js';

/**
 * Who speaks the block (and the other selected text blocks with it). The speaker's voice and parameters fill
 * what the block leaves to the defaults, so a line given to another speaker turns stale, as it should.
 */
export function SpeakerField({ project, block }: { project: Project; block: TextBlock }) {
  const stores = useAppStores();
  const assign = (speakerId: string): void => {
    const selected = stores.document.getState().selection.ids;
    const ids = selected.includes(block.id) ? selected : [block.id];
    const speaker = project.cast.find((entry) => entry.id === speakerId);
    // Lines given to another speaker take its voice and style: generated ones would need generating again.
    const label = `Give ${ids.length === 1 ? 'the line' : `${ids.length} lines`} to ${speaker?.name ?? 'speaker'}`;
    applyOrConfirm(
      proposeChange(stores, label, { kind: 'project', edit: (doc) => assignSpeaker(doc, ids, speakerId) }),
      (pending) => stores.editorUi.getState().setPendingChange(pending),
    );
  };
  return (
    <div className="field">
      <label htmlFor={`speaker-${block.id}`}>Speaker</label>
      <select
        id={`speaker-${block.id}`}
        data-testid="block-speaker"
        value={speakerIdOf(block)}
        disabled={block.locked}
        onChange={(event) => assign(event.target.value)}
      >
        {project.cast.map((speaker) => (
          <option key={speaker.id} value={speaker.id}>
            {speaker.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The text exactly as it will be sent, shown when pronunciation rules change it (the script stays as written).
 * It follows typing as the status bar does (useFollowedBlock), and a rule at once.
 */
export function SentTextPreview({ block: live, context }: { block: TextBlock; context: SendContext }) {
  const block = useFollowedBlock(live);
  const sent = sentText(block, context);
  if (sent === spokenText(block.text)) return null;
  return (
    <div className="field">
      <span className="field-label">Sent as (pronunciation rules applied)</span>
      <p className="sent-text" data-testid="sent-text">
        {sent}
      </p>
    </div>
  );
}
