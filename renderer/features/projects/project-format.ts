/* How the project list writes durations, counts and dates. Pure, so the wording is tested without a DOM. */

/** `0:45`, `12:05`, `1:02:03`, rounded to the second; `≈ ` in front when the length is an estimate. */
export function formatDuration(durationMs: number, estimated: boolean): string {
  const totalSeconds = Math.max(0, Math.round(durationMs / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const clock = hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
  return estimated ? `≈ ${clock}` : clock;
}

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

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
