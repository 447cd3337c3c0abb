/* How the project list writes durations, counts and dates. Pure, so the wording is tested without a DOM. */

/** `1 block`, `1,234 characters`: grouped digits and the singular where English needs it. */
export function formatCount(count: number, singular: string, plural: string, locale?: string): string {
  return `${new Intl.NumberFormat(locale).format(count)} ${count === 1 ? singular : plural}`;
}

/** The file's modification time in the user's locale, to the minute. */
export function formatModified(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
