/*
 * How the app writes a moment, to the minute or to the second (its clocks and counts are format.ts's). Pure, so
 * tested without a DOM.
 */

/**
 * One formatter per precision and locale asked for (undefined: the user's), kept: building an Intl.DateTimeFormat
 * costs far more than formatting with it, and the project list formats a date on each of its rows (500 at
 * start-up).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** To the minute (a file's modification), or to the second (a task's submission, its next try). */
export type DatePrecision = 'minute' | 'second';

/**
 * A moment (a file's modification, a take's generation) in the user's locale, to the minute unless asked to the
 * second: one format wherever the app shows one, so the list, the editor and the Tasks page read alike.
 */
export function formatDateTime(iso: string, locale?: string, precision: DatePrecision = 'minute'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${precision}|${locale ?? ''}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: precision === 'second' ? 'medium' : 'short',
    });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
