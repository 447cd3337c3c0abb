import { describe, expect, it } from 'vitest';
import type { PreflightResult } from './preflight-checks.js';
import { preflightReportHtml } from './preflight-report.js';
import { retailProfile } from './retail-profiles.js';

const pass: PreflightResult = {
  file: '01 Opening Credits.mp3',
  rule: 'peak',
  label: 'Peak',
  passed: true,
  measured: '−3.4 dB',
  limit: 'at most −3.0 dB',
};
const fail: PreflightResult = {
  file: '02 <Chapter> & One.mp3',
  rule: 'rms',
  label: 'RMS level',
  passed: false,
  measured: '−16.2 dB',
  limit: '−23.0 dB to −18.0 dB',
};
const wholeDelivery: PreflightResult = {
  file: null,
  rule: 'same-channels',
  label: 'Same channels in every file',
  passed: true,
  measured: 'all the same',
  limit: 'all mono or all stereo',
};

function report(results: PreflightResult[]) {
  return preflightReportHtml({
    profile: retailProfile('acx'),
    title: 'The Book',
    stage: 'written',
    checkedAt: '2026-11-27T18:50:00Z',
    results,
  });
}

describe('preflightReportHtml', () => {
  it('lists each file with each rule’s result, figure and limit, and the delivery-wide rules apart', () => {
    const html = report([pass, fail, wholeDelivery]);
    expect(html).toContain('<h2>01 Opening Credits.mp3 <small>(all rules pass)</small></h2>');
    expect(html).toContain('<h2>02 &lt;Chapter&gt; &amp; One.mp3 <small>(1 of 1 rules fail)</small></h2>');
    expect(html).toContain(
      '<tr class="fail"><td>RMS level</td><td class="result">Fail</td><td>−16.2 dB</td><td>−23.0 dB to −18.0 dB</td></tr>',
    );
    expect(html).toContain('<h2>The whole delivery');
    expect(html).toContain('1 check fail: fix them before you deliver.');
    expect(html).toContain('Checked after export, on the delivery’s files');
  });

  it('shows the retailer’s narration rule plainly, with the rules’ source and read date', () => {
    const html = report([pass]);
    expect(html).toContain('<strong>Narration:</strong> ACX takes only audiobooks narrated by a human');
    expect(html).toContain('href="https://www.acx.com/');
    expect(html).toContain('read 2024');
    expect(html).toContain('Every file passes every ACX');
  });

  it('is self-contained: no script, no external resource', () => {
    const html = report([pass, fail]);
    expect(html).not.toMatch(/<script|<link|<img|src=/u);
    expect(html).toMatch(/^<!doctype html>/u);
  });
});
