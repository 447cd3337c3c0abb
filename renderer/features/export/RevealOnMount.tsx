import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Scrolls what it wraps into view when it appears. The dialog's outcome (the check's progress, the pre-flight
 * report, the export's result) is laid out below a form taller than the window, so without this the user who
 * pressed Export saw the footer change and nothing else: the report and "Retail sample not written" stayed
 * below the fold.
 */
export function RevealOnMount({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom and some embedders have no scrollIntoView: nothing to scroll there.
    box.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, []);
  return <div ref={box}>{children}</div>;
}
