/* How the app writes a moment to the minute (its clocks and counts are format.ts's). Pure, so tested without a DOM. */

/**
 * One formatter per locale asked for (undefined: the user's), kept: building an Intl.DateTimeFormat costs far more
 * than formatting with it, and the project list formats a date on each of its rows (500 at start-up).
 */
const dateFormats = new Map<string | undefined, Intl.DateTimeFormat>();

/**
 * A moment (a file's modification, a take's generation) in the user's locale, to the minute: one format wherever
 * the app shows one, so the list and the editor read alike.
 */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
