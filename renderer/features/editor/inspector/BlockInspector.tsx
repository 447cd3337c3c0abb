import { memo, useMemo } from 'react';
import { shallow } from 'zustand/shallow';
import { sameBesidesText, sameViolations } from './inspector-memo.js';
import { useSendContext } from '../../../shared/send-context.js';
import { SentTextPreview, SpeakerField } from './SpeakerField.js';
import type { SendContext } from '../../../../common/project/send-context.js';
import { inheritedDefaults } from '../../../../common/project/resolve-params.js';
import { speakerIdOf } from '../../../../common/project/send-context.js';
import { applyStyleFixes } from '../../../../common/project/voice-fit.js';
import type { BlockPatch } from '../../../../common/project/block-edits.js';
import { updateBlock } from '../../../../common/project/block-edits.js';
import { findBlock } from '../../../../common/project/block-lookup.js';
import { characterCount } from '../../../../common/project/project-stats.js';
import { CREDITS_PER_CHARACTER } from '../../../../common/project/project-stats.js';
import type { Block, Project } from '../../../../common/project/project-schema.js';
import { validateBlock } from '../../../../common/project/project-validation.js';
import type { EditResult } from '../../../stores/document-store.js';
import { selectAnchorId, selectProject, selectSelectedIds } from '../../../stores/document-store.js';
import { GenerationSlot } from '../block-state/GenerationSlot.js';
import { TakesPanel } from '../takes/TakesPanel.js';
import { SoundBlockInspector } from './SoundBlockInspector.js';
import { StudioFields } from './StudioFields.js';
import { TextBlockInspector } from './TextBlockInspector.js';
import { TimingFields } from './TimingFields.js';
import type { ServiceVoices } from '../../../shared/use-service-voices.js';
import { useServiceVoices } from '../../../shared/use-service-voices.js';
import { formatCount } from '../../../shared/format.js';
import { useFollowedBlock } from '../use-followed-block.js';
import { selectBlockGeneration } from '../../../stores/generation-store.js';
import { useAppStores, useDocumentStore, useGenerationStore } from '../../../stores/stores-context.js';
import { editDocument } from '../../../stores/document-actions.js';

const TYPE_TITLES: Record<Block['type'], string> = {
  text: 'Text block',
  sfx: 'Sound effect',
  music: 'Music',
  audio: 'Audio block',
  scene: 'Scene block',
  custom_audio: 'Custom audio block',
  stem_separation: 'Stem separation block',
};

/*
 * The parameter fields, re-rendered only when something besides the block's text changes: their `patch` is made
 * anew on each render but edits the same block, so it is not compared; the inherited defaults are rebuilt for a
 * block with a speaker, so they are compared field by field.
 */
const TextFields = memo(
  TextBlockInspector,
  (before, after) =>
    sameBesidesText(before.block, after.block) &&
    shallow(before.defaults, after.defaults) &&
    before.voices === after.voices &&
    before.speaker === after.speaker &&
    sameViolations(before.violations, after.violations),
);
const StudioFieldsOfBlock = memo(StudioFields, (before, after) => sameBesidesText(before.block, after.block));

/** The parameters of the selected block (the anchor of a multi-selection), with the contract's rules inline. */
export function BlockInspector() {
  const project = useDocumentStore(selectProject);
  const anchorId = useDocumentStore(selectAnchorId);
  const selectedCount = useDocumentStore(selectSelectedIds).length;
  if (project === null) return null;
  const location = anchorId === null ? undefined : findBlock(project, anchorId);
  return (
    <section className="inspector panel" aria-label="Block inspector" data-testid="block-inspector">
      {location === undefined ? (
        <p className="hint" data-testid="inspector-empty">
          Select a block on the timeline or in the script to see its parameters.
        </p>
      ) : (
        <SelectedBlock
          project={project}
          block={location.block}
          index={location.index}
          selectedCount={selectedCount}
        />
      )}
    </section>
  );
}

function SelectedBlock({
  project,
  block,
  index,
  selectedCount,
}: {
  project: Project;
  block: Block;
  index: number;
  selectedCount: number;
}) {
  const stores = useAppStores();
  const service = useServiceVoices(project.serviceUrl);
  const context = useSendContext(project);
  const violations = useMemo(
    () => validateBlock(project, context, block.id, { voices: service.catalog }),
    [project, context, block.id, service.catalog],
  );
  const { state } = useGenerationStore(selectBlockGeneration(block, context));
  const patch = (fields: BlockPatch, coalesceKey?: string): EditResult =>
    stores.document.getState().apply((doc) => updateBlock(doc, block.id, fields), {
      label: `Change ${Object.keys(fields).join(', ')}`,
      ...(coalesceKey === undefined ? {} : { coalesceKey }),
    });

  return (
    <div data-block-id={block.id} data-testid="inspector-block" data-type={block.type}>
      <header className="inspector-header">
        <h2>
          {TYPE_TITLES[block.type]} {index + 1}
        </h2>
        {selectedCount > 1 ? (
          <span className="badge" data-testid="selection-count">
            {selectedCount} selected
          </span>
        ) : null}
      </header>
      <GenerationSlot block={block} state={state} unavailableReason={service.unavailableReason} />
      <TakesPanel block={block} project={project} unavailableReason={service.unavailableReason} />
      <BlockCharacters block={block} context={context} />
      <TypeFields
        block={block}
        project={project}
        context={context}
        service={service}
        violations={violations}
        patch={patch}
      />
      <StudioFieldsOfBlock block={block} patch={patch} />
      {block.locked ? (
        <p className="hint" data-testid="locked-hint">
          This block is locked: unlock it to change it.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The block's characters as sent (pronunciation rules applied, as the service counts them) and what they cost,
 * following typing as the status bar does (useFollowedBlock).
 */
function BlockCharacters({ block, context }: { block: Block; context: SendContext }) {
  const characters = characterCount(useFollowedBlock(block), context);
  return (
    <p className="hint" data-testid="block-characters">
      {formatCount(characters)} characters · ≈ {formatCount(characters * CREDITS_PER_CHARACTER)} credits
    </p>
  );
}

/** The fields of each block type: every type of the model has its case; the service's other types are read-only. */
function TypeFields({
  block,
  project,
  context,
  service,
  violations,
  patch,
}: {
  block: Block;
  project: Project;
  context: SendContext;
  service: ServiceVoices;
  violations: ReturnType<typeof validateBlock>;
  patch: (fields: BlockPatch, coalesceKey?: string) => EditResult;
}) {
  const stores = useAppStores();
  switch (block.type) {
    case 'text':
      return (
        <>
          <SpeakerField project={project} block={block} />
          <SentTextPreview block={block} context={context} />
          <TimingFields project={project} block={block} />
          <TextFields
            block={block}
            defaults={inheritedDefaults(block, context)}
            voices={service.voices}
            violations={violations}
            patch={patch}
            speaker={context.speakers.get(speakerIdOf(block))}
            onStyleFix={(fix) => {
              editDocument(stores, (doc) => applyStyleFixes(doc, [fix]), {
                label: `Use ${fix.voiceName}’s default style`,
              });
            }}
          />
        </>
      );
    case 'sfx':
    case 'music':
      return <SoundBlockInspector block={block} violations={violations} patch={patch} />;
    case 'audio':
    case 'scene':
    case 'custom_audio':
    case 'stem_separation':
      return (
        <div className="inspector-fields" data-testid="passthrough-block-fields">
          <p className="hint">
            The studio keeps this {block.type} block as the service gave it; its parameters are read-only
            here.
          </p>
          <pre className="passthrough-params">{JSON.stringify(block.params, null, 2)}</pre>
          {violations.map((violation) => (
            <p key={violation.path} className="field-error">
              {violation.message}
            </p>
          ))}
        </div>
      );
    default: {
      const exhaustive: never = block;
      throw new Error(`Unknown block type ${String(exhaustive)}`);
    }
  }
}
