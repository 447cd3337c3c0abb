import { useId } from 'react';
import { MAX_MAX_BLOCK_LENGTH, MIN_MAX_BLOCK_LENGTH } from '../../../common/text/index.js';
import type { SplitForm } from './import-form.js';
import { parseMaxLength } from './import-form.js';

/** How an imported text becomes blocks: paragraphs by blank lines or by line, sentences, a max length. */
export function SplitOptionsFields({ form, onChange }: { form: SplitForm; onChange(form: SplitForm): void }) {
  const maxLengthCheck = parseMaxLength(form.maxLength);
  const errorId = useId();
  const hintId = useId();
  return (
    <fieldset className="import-options">
      <legend>How to split it into blocks</legend>
      <div className="import-option-row" role="radiogroup" aria-label="Paragraphs">
        <label className="check">
          <input
            type="radio"
            name="import-paragraphs"
            data-testid="import-paragraphs-blank"
            checked={form.paragraphs === 'blank-lines'}
            onChange={() => onChange({ ...form, paragraphs: 'blank-lines' })}
          />
          One block per paragraph (paragraphs end at a blank line)
        </label>
        <label className="check">
          <input
            type="radio"
            name="import-paragraphs"
            data-testid="import-paragraphs-lines"
            checked={form.paragraphs === 'lines'}
            onChange={() => onChange({ ...form, paragraphs: 'lines' })}
          />
          One block per line (scripts, one line per utterance)
        </label>
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="import-split-sentences"
          checked={form.splitSentences}
          onChange={(event) => onChange({ ...form, splitSentences: event.target.checked })}
        />
        Also split at every sentence
      </label>
      <label className="field import-max-length">
        Max characters per block
        <input
          type="text"
          inputMode="numeric"
          data-testid="import-max-length"
          value={form.maxLength}
          onChange={(event) => onChange({ ...form, maxLength: event.target.value })}
          aria-invalid={!maxLengthCheck.ok}
          aria-describedby={maxLengthCheck.ok ? hintId : errorId}
        />
        {maxLengthCheck.ok ? (
          <span className="hint" id={hintId}>
            Longer paragraphs are cut at sentence, then clause, then word ends ({MIN_MAX_BLOCK_LENGTH}–
            {MAX_MAX_BLOCK_LENGTH}).
          </span>
        ) : (
          <span className="field-error" id={errorId} data-testid="import-max-length-error">
            {maxLengthCheck.message}
          </span>
        )}
      </label>
    </fieldset>
  );
}
