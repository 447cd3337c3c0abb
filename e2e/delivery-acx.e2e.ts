import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { retailProfile } from '../common/export/retail-profiles.js';
import { makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { measureDelivery } from './support/delivery-levels.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { readPreflightReport } from './support/preflight-report-rows.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const CHAPTERS = ['The Quay', 'Open Water', 'Landfall'];

/** Three short chapters of narration, two paragraphs each. */
const book = makeEpub({
  title: 'Harbour Lights',
  author: 'Ada Writer',
  chapters: [
    {
      title: CHAPTERS[0]!,
      paragraphs: ['The ferry left the quay at seven.', 'Gulls followed it past the breakwater.'],
    },
    {
      title: CHAPTERS[1]!,
      paragraphs: ['The wind rose in the afternoon.', 'Spray crossed the deck in long grey sheets.'],
    },
    {
      title: CHAPTERS[2]!,
      paragraphs: ['By dusk the island was in sight.', 'A single lamp burned on the hill.'],
    },
  ],
});

const acx = retailProfile('acx');

test.describe('journey: a book delivered to ACX with its pre-flight report', () => {
  test('shows the narration rule before writing, writes ACX-named chapter MP3s that measure within ACX rules, and a report whose rows all pass', async ({
    launchApp,
    page,
  }) => {
    test.setTimeout(120_000);
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();
    await projects.importEpub('harbour.epub', book);
    await expect(page.getByTestId('import-preview-chapters')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', '9');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Harbour Lights');
    await new EditorPage(page).generateAll(9);

    // Deliver to ACX: the profile sets and locks the format, and says ACX's narration rule before anything is written.
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-profile').selectOption('acx');
    await expect(page.getByTestId('export-profile-narration')).toHaveText(
      `Narration: ${acx.aiNarration.statement}`,
    );
    await expect(page.getByTestId('export-format')).toHaveValue('mp3');
    await expect(page.getByTestId('export-format')).toBeDisabled();
    await expect(page.getByTestId('export-mode')).toHaveValue('chapters-folder');
    const folder = path.join(outDir, 'Harbour Lights ACX');
    await page.getByTestId('export-path').fill(folder);
    await expect(page.getByTestId('export-profile-narration')).toBeVisible();
    expect(await readdir(outDir)).toEqual([]);

    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(folder);

    // The chapter files with ACX's names (number and title), the report beside them, nothing else in view (the
    // hidden .timbre-chapters.json lets a later export rewrite only the chapters that changed).
    const names = CHAPTERS.map((title, index) => `${String(index + 1).padStart(2, '0')} ${title}.mp3`);
    const visible = (await readdir(folder)).filter((name) => !name.startsWith('.'));
    expect(visible.sort()).toEqual([...names, 'Pre-flight report.html'].sort());

    // The report: ACX's narration rule, one table per chapter file and one for the whole delivery, every row passing.
    const report = await readPreflightReport(page, path.join(folder, 'Pre-flight report.html'));
    expect(report.narration).toBe(`Narration: ${acx.aiNarration.statement}`);
    expect(report.verdict).toBe(`Every file passes every ${acx.name} rule checked.`);
    expect([...new Set(report.rows.map((row) => row.section))]).toEqual([...names, 'The whole delivery']);
    expect(report.rows.filter((row) => row.result !== 'Pass')).toEqual([]);
    for (const name of names) {
      const rules = report.rows.filter((row) => row.section === name).map((row) => row.rule);
      expect(rules.length).toBeGreaterThanOrEqual(6);
    }

    // Measured again outside the app (ffprobe and ffmpeg): each file is within ACX's rules.
    for (const name of names) {
      const measured = await measureDelivery(path.join(folder, name));
      expect(measured, name).toMatchObject({ codec: 'mp3', sampleRate: 44_100, channels: 1 });
      expect(measured.bitrateKbps, name).toBe(192);
      expect(
        measured.packetBytes.max - measured.packetBytes.min,
        `${name}: constant bit rate`,
      ).toBeLessThanOrEqual(1);
      expect(measured.peakDb, `${name}: peak`).toBeLessThanOrEqual(-3);
      expect(measured.rmsDb, `${name}: RMS`).toBeGreaterThanOrEqual(-23);
      expect(measured.rmsDb, `${name}: RMS`).toBeLessThanOrEqual(-18);
      expect(measured.noiseFloorDb, `${name}: noise floor`).toBeLessThanOrEqual(-60);
      // Room tone, never digital silence: the floor is above the zero a digital silence would measure.
      expect(measured.noiseFloorDb, `${name}: room tone`).toBeGreaterThan(-100);
      expect(measured.headSeconds, `${name}: head`).toBeGreaterThanOrEqual(0.5);
      expect(measured.headSeconds, `${name}: head`).toBeLessThanOrEqual(1);
      expect(measured.tailSeconds, `${name}: tail`).toBeGreaterThanOrEqual(1);
      expect(measured.tailSeconds, `${name}: tail`).toBeLessThanOrEqual(5);
    }
  });
});
