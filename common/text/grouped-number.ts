/**
 * "20,000": a number as people write it in English. Whole numbers are grouped here; anything else goes through
 * toLocaleString('en-US'). Not Intl for whole numbers: a process's first Intl object loads ICU's data (15–25 ms
 * in Node here, 27–105 ms in a page), and schemas build their messages with this when their modules load
 * (issue 42, start-up).
 */
export function groupedNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/gu, ',');
  return value < 0 ? `-${digits}` : digits;
}
