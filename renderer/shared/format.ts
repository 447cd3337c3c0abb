/** One formatter for every count the editor shows (toLocaleString builds a new one on each call). */
const counts = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return counts.format(value);
}
