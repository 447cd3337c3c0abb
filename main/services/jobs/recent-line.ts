import { z } from 'zod';

/** The running sums of a fitted line; every older point's weight is multiplied by `retain` per new point. */
export const lineSumsSchema = z.object({
  weight: z.number().nonnegative(),
  x: z.number(),
  y: z.number(),
  xx: z.number(),
  xy: z.number(),
});
export type LineSums = z.infer<typeof lineSumsSchema>;

export const EMPTY_LINE: LineSums = { weight: 0, x: 0, y: 0, xx: 0, xy: 0 };

/**
 * Adds a point to a least-squares line in which recent points count most: with `retain` 0.5 the newest point
 * has half the say, so a service that slows down 5× is followed within two or three tasks, where an equal-weight
 * fit over 30 tasks (service-speed.ts, good for a time-left estimate) would take dozens.
 */
export function addPoint(sums: LineSums, x: number, y: number, retain: number): LineSums {
  return {
    weight: sums.weight * retain + 1,
    x: sums.x * retain + x,
    y: sums.y * retain + y,
    xx: sums.xx * retain + x * x,
    xy: sums.xy * retain + x * y,
  };
}

/**
 * The line's value at `x`, or undefined with no points. When the points cannot separate a fixed part from a
 * per-unit part (all the same size, or a slope that would go negative) the weighted mean is used as is.
 */
export function lineAt(sums: LineSums, x: number): number | undefined {
  if (sums.weight <= 0) return undefined;
  const meanX = sums.x / sums.weight;
  const meanY = sums.y / sums.weight;
  const varianceX = sums.xx / sums.weight - meanX * meanX;
  // Tasks of nearly one size: a slope fitted from rounding noise would swing the forecast of a longer task.
  if (varianceX <= Math.max(1, meanX * meanX * 1e-3)) return Math.max(0, meanY);
  const slope = (sums.xy / sums.weight - meanX * meanY) / varianceX;
  const intercept = meanY - slope * meanX;
  if (slope < 0 || intercept < 0) return Math.max(0, meanY);
  return intercept + slope * x;
}
