import type { ImportPreview } from '../../../common/import/imported-script.js';
import { codePointLength } from '../../../common/text/index.js';
import { formatCountOf } from '../../shared/format.js';
import { TimedPreviewView } from './TimedPreviewView.js';

/**
 * The live preview of an import: blocks, characters and the credit estimate, chapters, speakers, the projects it
 * makes when over the limits, and the first blocks as they will be cut; for a timed script, its cues with their
 * slots and first fit estimate instead of chapters and blocks.
 */
export function SplitPreviewView({
  preview,
  hasText,
  updating,
  problem,
}: {
  preview: ImportPreview | null;
  hasText: boolean;
  updating: boolean;
  /** Why the text cannot be read (a CSV without a text column, a damaged book). */
  problem?: string | null;
}) {
  return (
    <section
      // A timed script's cues scroll in a table of their own: the preview around them does not scroll as well.
      className={preview?.timed ? 'import-preview import-preview-timed' : 'import-preview'}
      data-testid="import-preview"
      aria-label="Preview"
      aria-live="polite"
      aria-busy={updating}
    >
      {problem ? (
        <p className="field-error" data-testid="import-preview-problem">
          {problem}
        </p>
      ) : !hasText ? (
        <p className="hint">Paste a script or choose a file to see how it will be split.</p>
      ) : preview === null ? (
        <p className="hint">{updating ? 'Reading…' : 'Fix the max length to see the preview.'}</p>
      ) : preview.blockCount === 0 ? (
        <p className="field-error" data-testid="import-preview-empty">
          There is no text here to make blocks from.
        </p>
      ) : (
        <>
          <p>
            <strong data-testid="import-preview-count" data-count={preview.blockCount}>
              {formatCountOf(preview.blockCount, 'block', 'blocks')}
            </strong>
            {' · '}
            {formatCountOf(preview.characters, 'character', 'characters')}
            {' · longest '}
            {formatCountOf(preview.longestBlock, 'character', 'characters')}
            {' · '}
            <span data-testid="import-preview-credits">
              ≈ {formatCountOf(preview.estimatedCredits, 'credit', 'credits')}
            </span>
          </p>
          {preview.timed ? (
            <TimedPreviewView timed={preview.timed} />
          ) : preview.chapters.length > 1 || preview.chapters[0]?.title !== 'Opening' ? (
            <p data-testid="import-preview-chapters" data-count={preview.chapters.length}>
              {formatCountOf(preview.chapters.length, 'chapter', 'chapters')}:{' '}
              {preview.chapters
                .slice(0, 8)
                .map((chapter, index, shown) => chapterLabel(chapter, shown[index - 1]?.part))
                .join(' · ')}
              {preview.chapters.length > 8 ? ' · …' : ''}
            </p>
          ) : null}
          {preview.parts > 1 ? (
            <p className="hint" data-testid="import-preview-parts">
              This is more than one project holds: it will be imported as{' '}
              {formatCountOf(preview.parts, 'project', 'projects')} (“… (part 1 of {preview.parts})”), cut at
              chapter starts.
            </p>
          ) : null}
          {preview.timed ? null : <FirstBlocks preview={preview} />}
        </>
      )}
    </section>
  );
}

/** The first blocks as they will be cut, and how many more there are. */
function FirstBlocks({ preview }: { preview: ImportPreview }) {
  return (
    <>
      <ol className="import-preview-blocks">
        {preview.firstBlocks.map((block, index) => (
          <li key={index} data-testid="import-preview-block">
            <span className="badge">{codePointLength(block.text)}</span>{' '}
            {block.speaker ? <strong>{block.speaker}: </strong> : null}
            <span>{block.text}</span>
          </li>
        ))}
      </ol>
      {preview.blockCount > preview.firstBlocks.length ? (
        <p className="hint">
          …and {formatCountOf(preview.blockCount - preview.firstBlocks.length, 'more block', 'more blocks')}.
        </p>
      ) : null}
    </>
  );
}

/** "The Lantern Keeper (front matter)", "Part One › The Sea Wall" (a part named where it starts), "Notes (footnotes)". */
function chapterLabel(chapter: ImportPreview['chapters'][number], previousPart: string | undefined): string {
  const title =
    chapter.part && chapter.part !== previousPart ? `${chapter.part} › ${chapter.title}` : chapter.title;
  if (chapter.kind === 'front-matter') return `${title} (front matter)`;
  if (chapter.kind === 'notes') return `${title} (footnotes)`;
  return title;
}
