import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import { formatCount } from './project-format.js';

/**
 * What a book holds besides its text, and whether it is read: its front matter (title page, copyright page) and
 * its footnotes, gathered as a "Notes" chapter at the end. The metadata the project keeps is named too.
 */
export function ImportMatterFields({
  preview,
  reading,
  onReading,
}: {
  preview: ImportPreview | null;
  reading: ImportReading;
  onReading(reading: ImportReading): void;
}) {
  if (preview === null) return null;
  const frontMatter = preview.optional.find((found) => found.kind === 'front-matter');
  const notes = preview.optional.find((found) => found.kind === 'notes');
  const kept = [
    preview.author ? `author (${preview.author})` : null,
    preview.language ? `language (${preview.language})` : null,
    preview.hasCover ? 'cover' : null,
  ].filter((part): part is string => part !== null);
  const tagged = [preview.author ? 'the author' : null, preview.hasCover ? 'the cover' : null].filter(
    (part): part is string => part !== null,
  );
  if (!frontMatter && !notes && kept.length === 0) return null;
  return (
    <fieldset className="import-matter" data-testid="import-matter">
      <legend>Front matter and notes</legend>
      {frontMatter ? (
        <label className="check">
          <input
            type="checkbox"
            data-testid="import-front-matter"
            checked={reading.frontMatter ?? true}
            onChange={(event) => onReading({ ...reading, frontMatter: event.target.checked })}
          />
          Read the front matter aloud: {frontMatter.titles.join(' · ')} (
          {formatCount(frontMatter.characters, 'character', 'characters')})
        </label>
      ) : null}
      {notes ? (
        <label className="check">
          <input
            type="checkbox"
            data-testid="import-footnotes"
            checked={(reading.footnotes ?? 'chapter') === 'chapter'}
            onChange={(event) =>
              onReading({ ...reading, footnotes: event.target.checked ? 'chapter' : 'omit' })
            }
          />
          Read the footnotes as a “Notes” chapter at the end (
          {formatCount(notes.characters, 'character', 'characters')}); unticked, they are left out. Their
          marks in the text are never read.
        </label>
      ) : null}
      {kept.length > 0 ? (
        <p className="hint" data-testid="import-metadata">
          Kept with the project: the book’s {listed(kept)}.
          {tagged.length > 0 ? ` Its exports are tagged with ${listed(tagged)} unless you give others.` : ''}
        </p>
      ) : null}
    </fieldset>
  );
}

/** "a", "a and b", "a, b and c". */
function listed(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
