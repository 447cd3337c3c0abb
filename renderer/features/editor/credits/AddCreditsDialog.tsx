import { useMemo, useState } from 'react';
import {
  PROFILES_WANTING_AI_LINE,
  buildCredits,
  creditsFacts,
  narratorVoiceName,
} from '../../../../common/export/credits-text.js';
import {
  CREDITS_TITLES,
  applyCredits,
  creditsBlock,
  creditsToReplace,
  withCreditsMetadata,
} from '../../../../common/project/credits-blocks.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { Dialog } from '../../../components/Dialog.js';
import { editDocument } from '../../../stores/document-actions.js';
import { useAppStores } from '../../../stores/stores-context.js';
import './credits.css';

/**
 * "Add opening and closing credits": shows the credits built from the project (ACX's standard wording) before
 * anything changes, with the digital-narration line on unless the user takes it off, and adds them as ordinary
 * blocks (or updates the ones there) as one edit, so Undo takes it all back. Credits whose text would be replaced
 * are named first: the user may have edited them, and only Replace overwrites that.
 */
export function AddCreditsDialog({ project, onClose }: { project: Project; onClose(): void }) {
  const stores = useAppStores();
  const [aiNarrationLine, setAiNarrationLine] = useState(true);
  // What the project knows, editable here: the author, narrator and copyright line are kept in its metadata on Add.
  const [facts, setFacts] = useState(() => {
    const known = creditsFacts(project);
    return {
      ...known,
      author: known.author ?? '',
      narrator: known.narrator ?? '',
      copyright: known.copyright ?? '',
    };
  });
  const text = useMemo(() => buildCredits(facts, { aiNarrationLine }), [facts, aiNarrationLine]);
  const field = (name: 'author' | 'narrator' | 'copyright', label: string, placeholder: string) => (
    <label className="credits-field">
      {label}
      <input
        type="text"
        data-testid={`credits-${name}`}
        value={facts[name]}
        placeholder={placeholder}
        onChange={(event) => setFacts({ ...facts, [name]: event.target.value })}
      />
    </label>
  );
  const replaced = creditsToReplace(project, text);
  const existing =
    creditsBlock(project, 'opening') !== undefined || creditsBlock(project, 'closing') !== undefined;
  const complete =
    creditsBlock(project, 'opening') !== undefined && creditsBlock(project, 'closing') !== undefined;
  const upToDate = complete && replaced.length === 0;

  const apply = (): void => {
    // Built again from the document as it is now, so an edit or an autosave since the dialog opened is kept.
    // A narrator that is just the voice's name is not kept: the credits then follow a change of voice.
    const typedNarrator = facts.narrator.trim() === (narratorVoiceName(project) ?? '') ? '' : facts.narrator;
    const metadata = { author: facts.author, narrator: typedNarrator, copyright: facts.copyright };
    const applied = editDocument(
      stores,
      (current) => applyCredits(withCreditsMetadata(current, metadata), text),
      {
        label: existing ? 'Update credits' : 'Add credits',
      },
    );
    if (applied) onClose();
  };

  return (
    <Dialog title="Opening and closing credits" testId="credits-dialog" onClose={onClose}>
      <p className="credits-intro">
        The credits become ordinary text blocks read by the narrator, each a chapter (and, for ACX and
        INaudio, a file) of its own. Edit them like any block; run this again after changing the title, author
        or voice.
      </p>
      <div className="credits-fields">
        {field('author', 'Author', 'Not in the project: “Written by” is left out')}
        {field('narrator', 'Narrated by', 'No voice chosen: “Narrated by” is left out')}
        {field('copyright', 'Copyright line', 'e.g. Copyright 2026 Mara Quill (optional)')}
      </div>
      <label className="credits-ai-line">
        <input
          type="checkbox"
          data-testid="credits-ai-line"
          checked={aiNarrationLine}
          onChange={(event) => setAiNarrationLine(event.target.checked)}
        />
        Say that the book is narrated by a digital voice ({PROFILES_WANTING_AI_LINE.join(', ')} ask for it to
        be declared)
      </label>
      <dl className="credits-preview">
        <dt>{CREDITS_TITLES.opening}</dt>
        <dd data-testid="credits-opening">{text.opening}</dd>
        <dt>{CREDITS_TITLES.closing}</dt>
        <dd data-testid="credits-closing">{text.closing}</dd>
      </dl>
      {replaced.length > 0 ? (
        <p className="credits-replace" data-testid="credits-replace" role="alert">
          {replaced.map((kind) => CREDITS_TITLES[kind]).join(' and ')}{' '}
          {replaced.length === 1 ? 'says' : 'say'} something else now (you may have edited{' '}
          {replaced.length === 1 ? 'it' : 'them'}): Replace puts the text above in place of yours.
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          data-testid="credits-apply"
          disabled={upToDate}
          onClick={apply}
        >
          {upToDate ? 'Credits are up to date' : replaced.length > 0 ? 'Replace credits' : 'Add credits'}
        </button>
        <button type="button" data-testid="credits-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
