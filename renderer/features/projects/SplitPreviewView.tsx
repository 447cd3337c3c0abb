import { codePointLength } from '../../../common/text/index.js';
import type { SplitPreview } from './import-form.js';
import { formatCount } from './project-format.js';

/** The live preview of an import: how many blocks, and the first few as they will be cut. */
export function SplitPreviewView({
  preview,
  hasText,
  updating,
}: {
  preview: SplitPreview | null;
  hasText: boolean;
  updating: boolean;
}) {
  return (
    <section
      className="import-preview"
      data-testid="import-preview"
      aria-label="Preview"
      aria-live="polite"
      aria-busy={updating}
    >
      {!hasText ? (
        <p className="hint">Paste a script or choose a text file to see how it will be split.</p>
      ) : preview === null ? (
        <p className="hint">Fix the max length to see the preview.</p>
      ) : preview.blockCount === 0 ? (
        <p className="field-error" data-testid="import-preview-empty">
          There is no text here to make blocks from.
        </p>
      ) : (
        <>
          <p>
            <strong data-testid="import-preview-count" data-count={preview.blockCount}>
              {formatCount(preview.blockCount, 'block', 'blocks')}
            </strong>
            {' · '}
            {formatCount(preview.characterCount, 'character', 'characters')}
            {' · longest '}
            {formatCount(preview.longestBlock, 'character', 'characters')}
          </p>
          <ol className="import-preview-blocks">
            {preview.firstBlocks.map((text, index) => (
              <li key={index} data-testid="import-preview-block">
                <span className="badge">{codePointLength(text)}</span> <span>{text}</span>
              </li>
            ))}
          </ol>
          {preview.blockCount > preview.firstBlocks.length ? (
            <p className="hint">
              …and {formatCount(preview.blockCount - preview.firstBlocks.length, 'more block', 'more blocks')}
              .
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
