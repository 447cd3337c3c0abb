import type { TextEncoding } from '../../../common/text/index.js';
import { TEXT_ENCODINGS, TEXT_ENCODING_NAMES } from '../../../common/text/index.js';

/**
 * What encoding a picked text file is read in, and a choice of another: detection can only guess (a short UTF-16
 * file without spaces, an old file in another Windows code page), and the preview shows at once whether the text
 * reads right. The choice goes with the import, so main reads the file the same way.
 */
export function ImportEncodingField({
  current,
  detected,
  chosen,
  mark,
  doubt,
  onChoose,
}: {
  /** The encoding the preview's text is read in; undefined when the file did not read as text. */
  current: TextEncoding | undefined;
  /** What detection found, when the file read as text without a choice. */
  detected: TextEncoding | undefined;
  chosen: TextEncoding | undefined;
  /** The encoding the file's byte-order mark names, when it has one. */
  mark: TextEncoding | undefined;
  /** Why the chosen encoding looks wrong for the file's bytes, shown as a warning beside the choice. */
  doubt?: string | undefined;
  onChoose(encoding: TextEncoding): void;
}) {
  const value = current ?? chosen ?? '';
  return (
    <div className="import-encoding">
      <label>
        Text encoding{' '}
        <select
          data-testid="import-encoding"
          value={value}
          onChange={(event) => onChoose(event.target.value as TextEncoding)}
        >
          {value === '' ? (
            <option value="" disabled>
              Choose how to read it…
            </option>
          ) : null}
          {TEXT_ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {TEXT_ENCODING_NAMES[encoding]}
              {encoding === detected ? ' (detected)' : ''}
            </option>
          ))}
        </select>
      </label>
      {current !== undefined ? (
        <p className="hint" data-testid="import-encoding-status">
          {statusOf(current, detected, chosen, mark)}
        </p>
      ) : null}
      {doubt !== undefined ? (
        <p className="import-encoding-doubt" role="alert" data-testid="import-encoding-doubt">
          {doubt}
        </p>
      ) : null}
    </div>
  );
}

function statusOf(
  current: TextEncoding,
  detected: TextEncoding | undefined,
  chosen: TextEncoding | undefined,
  mark: TextEncoding | undefined,
): string {
  const name = TEXT_ENCODING_NAMES[current];
  if (chosen !== undefined) {
    return detected !== undefined && detected !== chosen
      ? `Read as ${name}, as you chose (detected: ${TEXT_ENCODING_NAMES[detected]}).`
      : `Read as ${name}, as you chose.`;
  }
  if (mark !== undefined && mark !== current) {
    return `Read as ${name}: the file starts with a ${TEXT_ENCODING_NAMES[mark]} byte-order mark, but its text is ${name}.`;
  }
  return `Read as ${name} (detected).`;
}
