import type { Page } from '@playwright/test';
import { pathToFileURL } from 'node:url';

/** One row of a pre-flight report: the section (a file's name, or "The whole delivery") and the rule's verdict. */
export interface ReportRow {
  readonly section: string;
  readonly rule: string;
  readonly result: string;
  readonly measured: string;
  readonly limit: string;
}

/**
 * Opens a written pre-flight report in a new tab of the browser, as the user opens it, and reads its tables: the
 * verdict line, the narration statement and every row under its section's heading.
 */
export async function readPreflightReport(
  page: Page,
  reportPath: string,
): Promise<{ verdict: string; narration: string; rows: ReportRow[] }> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(pathToFileURL(reportPath).href);
    const verdict = (await tab.locator('p.verdict').textContent()) ?? '';
    const narration = (await tab.locator('p.narration').textContent()) ?? '';
    const rows = await tab.locator('section').evaluateAll((sections) =>
      sections.flatMap((section) => {
        const heading = section.querySelector('h2');
        const name = (heading?.firstChild?.textContent ?? '').trim();
        return [...section.querySelectorAll('tbody tr')].map((row) => {
          const [rule, result, measured, limit] = [...row.querySelectorAll('td')].map(
            (cell) => cell.textContent ?? '',
          );
          return {
            section: name,
            rule: rule ?? '',
            result: result ?? '',
            measured: measured ?? '',
            limit: limit ?? '',
          };
        });
      }),
    );
    return { verdict, narration, rows };
  } finally {
    await tab.close();
  }
}
