import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Scrolls what it wraps into view when it appears. The dialog's outcome (the check's progress, the pre-flight
 * report, the export's result, and what takes the Export button's place: files in the way, missing audio, an
 * error) is laid out below a form taller than the window, so without this the user who pressed Export saw the
 * footer change and nothing else: the report, "Retail sample not written" or Replace / Keep both stayed below
 * the fold.
 */
export function RevealOnMount({
  children,
  revealAgainOn,
}: {
  children: ReactNode;
  /**
   * Scrolls into view again when this changes, its content kept: an export's result replaces its progress and is
   * taller, so a short export's result was left cut off at the window's edge.
   */
  revealAgainOn?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom and some embedders have no scrollIntoView: nothing to scroll there.
    box.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [revealAgainOn]);
  return <div ref={box}>{children}</div>;
}
