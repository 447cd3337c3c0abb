import type { PassthroughBlockPatch } from '../../../../common/project/block-edits.js';
import { STUDIO_LIMITS } from '../../../../common/project/block-edits.js';
import type { Block } from '../../../../common/project/project-schema.js';
import { FieldRow, NumberInput } from './inspector-fields.js';
import type { BlockPatcher } from './TextBlockInspector.js';
import { formatCount } from '../../../shared/format.js';
import { ChapterTitleField } from '../script/ChapterTitleField.js';

/** Studio-only settings (never sent to the service, so changing them never makes audio stale). */
export function StudioFields({ block, patch }: { block: Block; patch: BlockPatcher<PassthroughBlockPatch> }) {
  const disabled = block.locked;
  const key = (field: string): string => `${block.id}:${field}`;
  return (
    <fieldset className="inspector-studio">
      <legend>Studio</legend>
      {'pauseAfterMs' in block ? (
        <ChapterTitleField blockId={block.id} value={block.chapterTitle} disabled={disabled} patch={patch} />
      ) : null}
      {'pauseAfterMs' in block ? (
        <FieldRow
          label="Pause after (ms)"
          field="pauseAfterMs"
          controlId={`${block.id}-pause`}
          hint={`0 to ${formatCount(STUDIO_LIMITS.pauseAfterMs.max)} ms of silence before the next block.`}
        >
          <NumberInput
            id={`${block.id}-pause`}
            value={block.pauseAfterMs}
            integer
            testId="field-pauseAfterMs"
            disabled={disabled}
            onCommit={(value) => patch({ pauseAfterMs: value }, key('pauseAfterMs'))}
          />
        </FieldRow>
      ) : null}
      <FieldRow
        label="Volume (dB)"
        field="volumeDb"
        controlId={`${block.id}-volume`}
        hint={`${STUDIO_LIMITS.volumeDb.min} (silent) to +${STUDIO_LIMITS.volumeDb.max}; 0 plays it as generated.`}
      >
        <NumberInput
          id={`${block.id}-volume`}
          value={block.volumeDb}
          testId="field-volumeDb"
          disabled={disabled}
          onCommit={(value) => patch({ volumeDb: value }, key('volumeDb'))}
        />
      </FieldRow>
      <label className="default-toggle">
        <input
          type="checkbox"
          data-testid="field-locked"
          checked={block.locked}
          onChange={(event) => patch({ locked: event.target.checked })}
        />
        Locked (keeps its text, parameters and timing)
      </label>
    </fieldset>
  );
}
