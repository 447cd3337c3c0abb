import type { ImportPreview, ImportReading } from '../../../common/import/imported-script.js';
import { formatCountOf } from '../../shared/format.js';

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
  const { frontMatter, notes } = preview;
  const kept = [
    preview.author ? `author (${preview.author})` : null,
    preview.language ? `language (${preview.language})` : null,
    preview.hasCover ? 'cover' : null,
  ].filter((part): part is string => part !== null);
  const tagged = [preview.author ? 'the author' : null, preview.hasCover ? 'the cover' : null].filter(
    (part): part is string => part !== null,
  );
  if (frontMatter.length === 0 && !notes && kept.length === 0) return null;
  const unread = reading.unreadFrontMatter ?? [];
  const setRead = (index: number, read: boolean): void => {
    const next = read ? unread.filter((other) => other !== index) : [...unread, index].sort((a, b) => a - b);
    const { unreadFrontMatter: _unused, ...rest } = reading;
    onReading(next.length > 0 ? { ...rest, unreadFrontMatter: next } : rest);
  };
  return (
    <fieldset className="import-matter" data-testid="import-matter">
      <legend>Front matter and notes</legend>
      {frontMatter.length > 0 ? (
        <div className="check-row" role="group" aria-label="Front matter read aloud">
          <span className="hint">Front matter read aloud:</span>
          {frontMatter.map((chapter, index) => (
            <label className="check" key={index}>
              <input
                type="checkbox"
                data-testid="import-front-matter"
                checked={!unread.includes(index)}
                onChange={(event) => setRead(index, event.target.checked)}
              />
              {chapter.title} ({formatCountOf(chapter.characters, 'character', 'characters')})
            </label>
          ))}
        </div>
      ) : null}
      {notes ? (
        <label className="check">
          <input
            type="checkbox"
            data-testid="import-footnotes"
            // The choice shows at once; the preview's figures follow when main has read the book again.
            checked={(reading.footnotes ?? 'chapter') === 'chapter'}
            onChange={(event) =>
              onReading({ ...reading, footnotes: event.target.checked ? 'chapter' : 'omit' })
            }
          />
          Read the {formatCountOf(notes.count, 'footnote', 'footnotes')} as a “Notes” chapter at the end (
          {formatCountOf(notes.characters, 'character', 'characters')}); unticked, they are left out. Their
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
