/* How the project list writes dates (its clocks and counts are renderer/shared/format.ts's). Pure, so tested without a DOM. */

/**
 * One formatter per locale asked for (undefined: the user's), kept: building an Intl.DateTimeFormat costs far more
 * than formatting with it, and the project list formats a date on each of its rows (500 at start-up).
 */
const dateFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/** The file's modification time in the user's locale, to the minute. */
export function formatModified(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
