import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format.js';

describe('formatDateTime', () => {
  it('writes the modification time to the minute, and passes through what is not a date', () => {
    // 05:06 on 4 March where the test runs, so the day and the hour hold in any time zone.
    const local = new Date(2025, 2, 4, 5, 6, 7).toISOString();
    expect(formatDateTime(local, 'en-GB')).toBe('4 Mar 2025, 05:06');
    expect(formatDateTime('yesterday', 'en-GB')).toBe('yesterday');
  });

  it('builds one date formatter per locale however many rows it formats (500 projects list at start-up)', () => {
    const Original = Intl.DateTimeFormat;
    const builtFor: unknown[] = [];
    class Counting extends Original {
      constructor(locale?: string, options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        builtFor.push(locale);
      }
    }
    Object.defineProperty(Intl, 'DateTimeFormat', { value: Counting, configurable: true, writable: true });
    try {
      const days = Array.from({ length: 500 }, (_, i) => String(1 + (i % 28)).padStart(2, '0'));
      // Noon where the test runs: the day is the same in any time zone.
      const rows = days.map((day) =>
        formatDateTime(new Date(2025, 2, Number(day), 12).toISOString(), 'en-US'),
      );
      expect(rows[0]).toMatch(/Mar 1, 2025/);
      expect(rows[27]).toMatch(/Mar 28, 2025/);
      expect(formatDateTime(new Date(2025, 2, 4, 12).toISOString(), 'de-DE')).toMatch(/04\.03\.2025/);
      expect(builtFor).toEqual(['en-US', 'de-DE']);
    } finally {
      Object.defineProperty(Intl, 'DateTimeFormat', { value: Original, configurable: true, writable: true });
    }
  });

  it("writes a task's moments to the second in the same form as the list's dates", () => {
    const moment = '2026-11-30T12:40:52.000Z';
    const toTheSecond = formatDateTime(moment, 'en-US', 'second');
    // The month and day depend on the machine's time zone (UTC−12 to UTC+14); the seconds never do.
    expect(toTheSecond).toMatch(/^(Nov|Dec) \d{1,2}, 2026, \d{1,2}:\d{2}:52\s[AP]M$/u);
    // The same date, written as the project list writes it, with only the seconds added.
    expect(toTheSecond.replace(/:52(?=\s)/u, '')).toBe(formatDateTime(moment, 'en-US'));
  });
});
