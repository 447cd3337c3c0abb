import { useState } from 'react';
import type { MusicBlockPatch, SfxBlockPatch } from '../../../../common/project/block-edits.js';
import type { ProjectViolation } from '../../../../common/project/project-validation.js';
import type { MusicBlock, SfxBlock } from '../../../../common/project/project-schema.js';
import { RANGES } from '../../../../common/rules/vocabulary.js';
import { FieldRow, NumberInput } from './inspector-fields.js';
import type { BlockPatcher } from './TextBlockInspector.js';

/** A sound effect or music block: what to generate (in words), how long, with which seed, and when. */
export function SoundBlockInspector({
  block,
  violations,
  patch,
}: {
  block: SfxBlock | MusicBlock;
  violations: readonly ProjectViolation[];
  patch: BlockPatcher<SfxBlockPatch & MusicBlockPatch>;
}) {
  const disabled = block.locked;
  const key = (field: string): string => `${block.id}:${field}`;
  return (
    <div className="inspector-fields" data-testid={`${block.type}-block-fields`}>
      <FieldRow label="Description" field="text" violations={violations} controlId={`${block.id}-text`}>
        <DescriptionBox
          id={`${block.id}-text`}
          value={block.text}
          disabled={disabled}
          placeholder={block.type === 'music' ? 'e.g. calm piano, slow tempo' : 'e.g. door creaks open'}
          onCommit={(text) => patch({ text }, key('text'))}
        />
      </FieldRow>
      <FieldRow
        label="Length (sfx_length, seconds)"
        field="sfx_length"
        violations={violations}
        hint={`${RANGES.sfx_length.min} to ${RANGES.sfx_length.max} s; empty lets the service decide.`}
        controlId={`${block.id}-length`}
      >
        <NumberInput
          id={`${block.id}-length`}
          value={block.sfx_length}
          allowEmpty
          placeholder="service decides"
          testId="field-sfx_length"
          disabled={disabled}
          onCommit={(value) => patch({ sfx_length: value }, key('sfx_length'))}
        />
      </FieldRow>
      <FieldRow label="Seed" field="seed" violations={violations} controlId={`${block.id}-seed`}>
        <NumberInput
          id={`${block.id}-seed`}
          value={block.seed}
          allowEmpty
          integer
          placeholder="random"
          testId="field-seed"
          disabled={disabled}
          onCommit={(value) => patch({ seed: value }, key('seed'))}
        />
      </FieldRow>
      <FieldRow
        label="Starts at (seconds)"
        field="startMs"
        violations={violations}
        controlId={`${block.id}-start`}
      >
        <NumberInput
          id={`${block.id}-start`}
          value={block.startMs / 1000}
          testId="field-startMs"
          disabled={disabled}
          onCommit={(value) => patch({ startMs: Math.round((value ?? 0) * 1000) }, key('startMs'))}
        />
      </FieldRow>
      {block.type === 'music' ? (
        <div className="inspector-pair">
          <FieldRow
            label="Fade in (ms)"
            field="fadeInMs"
            violations={violations}
            controlId={`${block.id}-fadein`}
          >
            <NumberInput
              id={`${block.id}-fadein`}
              value={block.fadeInMs}
              integer
              testId="field-fadeInMs"
              disabled={disabled}
              onCommit={(value) => patch({ fadeInMs: value }, key('fadeInMs'))}
            />
          </FieldRow>
          <FieldRow
            label="Fade out (ms)"
            field="fadeOutMs"
            violations={violations}
            controlId={`${block.id}-fadeout`}
          >
            <NumberInput
              id={`${block.id}-fadeout`}
              value={block.fadeOutMs}
              integer
              testId="field-fadeOutMs"
              disabled={disabled}
              onCommit={(value) => patch({ fadeOutMs: value }, key('fadeOutMs'))}
            />
          </FieldRow>
        </div>
      ) : null}
    </div>
  );
}

/** The description text box, local while typing like the script's text boxes. */
function DescriptionBox({
  id,
  value,
  disabled,
  placeholder,
  onCommit,
}: {
  id: string;
  value: string;
  disabled: boolean;
  placeholder: string;
  onCommit(text: string): void;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <textarea
      id={id}
      className="description-text"
      data-testid="field-text"
      rows={3}
      value={draft}
      readOnly={disabled}
      placeholder={placeholder}
      onChange={(event) => {
        setDraft(event.target.value);
        setSeen(event.target.value);
        onCommit(event.target.value);
      }}
    />
  );
}
