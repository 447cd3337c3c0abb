/* How the project list writes dates (its clocks and counts are renderer/shared/format.ts's). Pure, so tested without a DOM. */

/** The file's modification time in the user's locale, to the minute. */
export function formatModified(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
