/**
 * Orders ISO 8601 timestamps in UTC, as toISOString writes them (`2026-11-30T01:48:00.000Z`), later first. Such
 * strings order as they read, so they are compared by code unit. Not localeCompare: a process's first call to it
 * loads ICU's data (15–25 ms in Node here, more in a page), and the project and job lists are ordered at every
 * start (issue 42).
 */
export function isoLaterFirst(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? 1 : -1;
}
