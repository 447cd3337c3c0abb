import type { ExportForm } from './export-form.js';

/**
 * One file per chapter into a folder: whether a folder an earlier export wrote keeps the chapter files whose audio,
 * name and tags are unchanged (the default), so after a revised edition only the chapters it changed are written
 * again and a retailer is sent only those; unticked, every chapter is written again.
 */
export function ExportChapterReuseField({
  form,
  disabled,
  onChange,
}: {
  form: ExportForm;
  disabled: boolean;
  onChange<K extends keyof ExportForm>(key: K, value: ExportForm[K]): void;
}) {
  if (form.mode !== 'chapters-folder') return null;
  return (
    <div className="check-row">
      <label className="check">
        <input
          type="checkbox"
          data-testid="export-only-changed-chapters"
          checked={form.rerenderAllChapters !== true}
          disabled={disabled}
          onChange={(event) => onChange('rerenderAllChapters', !event.target.checked)}
        />
        Re-render only changed chapters
      </label>
      <p className="hint">
        Exporting again into a folder an earlier export wrote (Replace) keeps each chapter file whose audio,
        name and tags are unchanged and writes only the others; the result names the chapters written.
      </p>
    </div>
  );
}
