import { escapeXml } from '../xml/escape-xml.js';
import type { PreflightResult } from './preflight-checks.js';
import type { RetailProfile } from './retail-profile-schema.js';

export interface PreflightReportInput {
  readonly profile: RetailProfile;
  readonly title: string;
  /** 'planned': checked before any file is written; 'written': measured again on the delivery's files after export. */
  readonly stage: 'planned' | 'written';
  /** When the checks ran, as the user's clock shows it (ISO 8601). */
  readonly checkedAt: string;
  readonly results: readonly PreflightResult[];
}

const STAGE_WORDS = {
  planned: 'Checked before export, on the rendered audio',
  written: 'Checked after export, on the delivery’s files',
} as const;

// Self-contained: no script, no external font or image; prints on A4 and Letter with each file's table kept whole.
const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; color: #1b1b1b; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
.meta { color: #555; margin: 0 0 1rem; }
.verdict { font-weight: 600; padding: .5rem .75rem; border-radius: 4px; }
.verdict.pass { background: #e3f4e6; } .verdict.fail { background: #fbe4e4; }
.narration { border-left: 4px solid #b26a00; background: #fff4e0; padding: .5rem .75rem; margin: 1rem 0; }
table { border-collapse: collapse; width: 100%; page-break-inside: avoid; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; vertical-align: top; }
td.result { font-weight: 600; white-space: nowrap; } tr.fail td { background: #fdf0f0; } tr.fail td.result { color: #a31515; }
tr.pass td.result { color: #1d6b2c; }
footer { color: #555; margin-top: 2rem; font-size: .85rem; }
@media print { body { margin: 0; max-width: none; } footer .screen { display: none; } }
`;

function row(result: PreflightResult): string {
  const verdict = result.passed ? 'pass' : 'fail';
  return (
    `<tr class="${verdict}"><td>${escapeXml(result.label)}</td>` +
    `<td class="result">${result.passed ? 'Pass' : 'Fail'}</td>` +
    `<td>${escapeXml(result.measured)}</td><td>${escapeXml(result.limit)}</td></tr>`
  );
}

function table(heading: string, results: readonly PreflightResult[]): string {
  const failed = results.filter((result) => !result.passed).length;
  const summary = failed === 0 ? 'all rules pass' : `${failed} of ${results.length} rules fail`;
  return (
    `<section><h2>${escapeXml(heading)} <small>(${summary})</small></h2>` +
    '<table><thead><tr><th>Rule</th><th>Result</th><th>Measured</th><th>Limit</th></tr></thead><tbody>' +
    results.map(row).join('') +
    '</tbody></table></section>'
  );
}

/**
 * The pre-flight report as one self-contained HTML page to send with a delivery: the profile and its source, the
 * retailer's narration rule shown plainly, then per file and per rule pass or fail with the measured figure and the
 * limit. A PDF is the browser's Print → Save as PDF of this page.
 */
export function preflightReportHtml(input: PreflightReportInput): string {
  const { profile, results } = input;
  const files = [...new Set(results.flatMap((result) => (result.file === null ? [] : [result.file])))];
  const delivery = results.filter((result) => result.file === null);
  const failed = results.filter((result) => !result.passed).length;
  const verdict =
    failed === 0
      ? `<p class="verdict pass">Every file passes every ${escapeXml(profile.name)} rule checked.</p>`
      : `<p class="verdict fail">${failed} check${failed === 1 ? '' : 's'} fail: fix them before you deliver.</p>`;
  const sections = [
    ...files.map((file) =>
      table(
        file,
        results.filter((result) => result.file === file),
      ),
    ),
    ...(delivery.length > 0 ? [table('The whole delivery', delivery)] : []),
  ];
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>Pre-flight report — ${escapeXml(input.title)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>Pre-flight report — ${escapeXml(input.title)}</h1>`,
    `<p class="meta">Profile: ${escapeXml(profile.name)} · ${STAGE_WORDS[input.stage]} · ${escapeXml(input.checkedAt)}<br>`,
    `Rules from <a href="${escapeXml(profile.sourceUrl)}">${escapeXml(profile.sourceUrl)}</a>, read ${escapeXml(profile.readOn)}.</p>`,
    `<p class="narration"><strong>Narration:</strong> ${escapeXml(profile.aiNarration.statement)}</p>`,
    verdict,
    ...sections,
    '<footer>Made by Timbre Studio. <span class="screen">For a PDF, print this page and choose “Save as PDF”.</span></footer>',
    '</body></html>',
    '',
  ].join('\n');
}
