import { exportContainer } from '../../../common/export/export-mode.js';
import type { ExportForm, MetadataField } from './export-form.js';
import { METADATA_FIELDS, exportTakesCover, formatWritesTag } from './export-form.js';

const noChaptersReason =
  'Nothing to mark: no block starts a chapter (give one a title under “Starts a chapter” in the block inspector).';

const LABELS: Record<MetadataField, { label: string; placeholder: string }> = {
  title: { label: 'Title', placeholder: 'the project title' },
  author: { label: 'Author', placeholder: 'e.g. Jane Writer' },
  narrator: { label: 'Narrator', placeholder: 'e.g. the voice’s name' },
  album: { label: 'Album / book', placeholder: 'e.g. Series One' },
  year: { label: 'Year', placeholder: 'e.g. 2026' },
  track: { label: 'Track', placeholder: 'e.g. 3 or 3/12' },
  genre: { label: 'Genre', placeholder: 'e.g. Audiobook' },
  series: { label: 'Series', placeholder: 'M4B and M4A only' },
  part: { label: 'Part of series', placeholder: 'e.g. 2' },
};

/**
 * Chapters and tags of an export: markers and a chapters JSON for one file, a file name template for one file per
 * chapter, and the tags (with a cover for MP3) for either.
 */
export function ExportTagFields({
  form,
  chapterCount,
  cover,
  disabled,
  onChange,
  onCover,
  fromProject = {},
}: {
  form: ExportForm;
  /** Titled chapters in the project (0: the whole project is one chapter). */
  chapterCount: number;
  cover: File | null;
  disabled: boolean;
  onChange<K extends keyof ExportForm>(key: K, value: ExportForm[K]): void;
  onCover(file: File | null): void;
  /** What the tags take from the project when a box is left empty (an imported book's author and cover). */
  fromProject?: { title?: string | undefined; author?: string | undefined; hasCover?: boolean | undefined };
}) {
  const container = exportContainer(form.mode);
  const perChapter = form.mode === 'chapters-folder' || form.mode === 'chapters-zip';
  const perBlock = form.mode === 'blocks-folder' || form.mode === 'blocks-zip';
  // Per-block files carry no tags; neither does the video, whose container is the source's copied picture.
  if (perBlock || form.mode === 'video') return null;
  const untitled = chapterCount === 0;
  // An M4B always carries its chapters (one named after the project when none is titled).
  const book = form.format === 'm4b';
  return (
    <fieldset className="export-tags" disabled={disabled} data-testid="export-tags">
      <legend>
        Chapters and tags{' '}
        <span className="hint">
          {chapterCount === 0
            ? 'no chapter titles in this project'
            : `${chapterCount} chapter${chapterCount === 1 ? '' : 's'}`}
        </span>
      </legend>
      {container === 'file' ? (
        <div className="check-row">
          {/* Without chapter titles the markers would be one chapter named after the project: not offered. */}
          <label className="check" title={untitled ? noChaptersReason : undefined}>
            <input
              type="checkbox"
              data-testid="export-chapter-markers"
              checked={book || (form.chapterMarkers && !untitled)}
              disabled={untitled || book}
              onChange={(event) => onChange('chapterMarkers', event.target.checked)}
            />
            Chapter markers in the file ({markerKind(form.format)})
          </label>
          <label className="check" title={untitled ? noChaptersReason : undefined}>
            <input
              type="checkbox"
              data-testid="export-chapters-json"
              checked={form.chaptersJson && !untitled}
              disabled={untitled}
              onChange={(event) => onChange('chaptersJson', event.target.checked)}
            />
            Chapters file for podcast apps (.chapters.json)
          </label>
          {untitled && !book ? (
            <span className="hint" data-testid="export-no-chapters">
              {noChaptersReason}
            </span>
          ) : null}
        </div>
      ) : null}
      {perChapter ? (
        <label className="field">
          <span>File names</span>
          <input
            data-testid="export-chapter-names"
            value={form.nameTemplate}
            spellCheck={false}
            onChange={(event) => onChange('nameTemplate', event.target.value)}
          />
          <span className="hint">
            {'{n}'} chapter number, {'{title}'} chapter title, {'{project}'} project title
          </span>
        </label>
      ) : null}
      <div className="form-grid">
        {METADATA_FIELDS.filter((field) => formatWritesTag(form.format, field)).map((field) => (
          <label className="field" key={field}>
            <span>{LABELS[field].label}</span>
            <input
              data-testid={`export-tag-${field}`}
              value={form.metadata[field]}
              placeholder={
                perChapter && (field === 'title' || field === 'track')
                  ? 'set per chapter'
                  : field === 'title' || field === 'author'
                    ? (fromProject[field] ?? LABELS[field].placeholder)
                    : LABELS[field].placeholder
              }
              disabled={perChapter && (field === 'title' || field === 'track')}
              onChange={(event) => onChange('metadata', { ...form.metadata, [field]: event.target.value })}
            />
          </label>
        ))}
        {exportTakesCover(form) ? (
          <label className="field">
            <span>Cover (JPEG or PNG)</span>
            <input
              type="file"
              accept="image/jpeg,image/png"
              data-testid="export-cover"
              onChange={(event) => onCover(event.target.files?.[0] ?? null)}
            />
            {cover ? (
              <span className="hint">{cover.name}</span>
            ) : fromProject.hasCover ? (
              <span className="hint" data-testid="export-project-cover">
                the book’s cover, unless you choose another
              </span>
            ) : null}
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}

function markerKind(format: ExportForm['format']): string {
  if (format === 'mp3') return 'ID3 chapters';
  if (format === 'm4b') return 'always in an M4B: a chapter track and Nero chapters';
  if (format === 'm4a') return 'a chapter track and Nero chapters';
  return 'cue points with labels';
}
