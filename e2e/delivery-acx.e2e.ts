import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { AI_NARRATION_LINE } from '../common/export/credits-text.js';
import { retailProfile } from '../common/export/retail-profiles.js';
import { CREDITS_TITLES } from '../common/project/credits-blocks.js';
import { makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { measureDelivery } from './support/delivery-levels.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { readPreflightReport } from './support/preflight-report-rows.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const CHAPTERS = ['The Quay', 'Open Water', 'Landfall'];

/**
 * Three chapters of narration, over a minute in all: long enough for ACX's retail sample (at least 60 s, cut from
 * the first chapter on and never into the credits).
 */
const book = makeEpub({
  title: 'Harbour Lights',
  author: 'Ada Writer',
  chapters: [
    {
      title: CHAPTERS[0]!,
      paragraphs: [
        'The ferry left the quay at seven, as it had every morning for forty years.',
        'Gulls followed it past the breakwater, crying over the wake and the empty nets.',
        'On the upper deck a girl in a yellow coat watched the town grow small behind her.',
        'Her ticket was folded into her glove, and her bag held everything she owned in the world.',
        'The captain, who knew every rock on the coast by name, nodded to her as he passed.',
      ],
    },
    {
      title: CHAPTERS[1]!,
      paragraphs: [
        'The wind rose in the afternoon and the sea turned the colour of slate.',
        'Spray crossed the deck in long grey sheets, and the passengers went below.',
        'Only the girl stayed outside, holding the rail, counting the waves as they came.',
        'At four the engine coughed twice and fell silent, and the ferry drifted side on to the swell.',
        'Then the engine caught again, the bow came round, and the island rose out of the rain.',
      ],
    },
    {
      title: CHAPTERS[2]!,
      paragraphs: [
        'By dusk the island was in sight, a dark shape low on the water.',
        'A single lamp burned on the hill above the harbour, where her grandmother lived.',
        'She picked up her bag, and when the ramp came down she was the first ashore.',
        'The harbour master waved a lantern from the end of the pier as the ferry came in.',
        'Her grandmother was waiting at the top of the steps, wrapped in a shawl against the cold.',
      ],
    },
  ],
});

const acx = retailProfile('acx');

test.describe('journey: a book delivered to ACX with its pre-flight report', () => {
  test('shows the narration rule before writing, writes ACX-named chapter MP3s that measure within ACX rules, and a report whose rows all pass', async ({
    launchApp,
    page,
  }) => {
    test.setTimeout(300_000);
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();
    await projects.importEpub('harbour.epub', book);
    await expect(page.getByTestId('import-preview-chapters')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', '18');
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Harbour Lights');

    // ACX asks for opening and closing credits, each a file of its own, saying the narration is a digital voice.
    await page.getByTestId('credits-open').click();
    await expect(page.getByTestId('credits-opening')).toContainText('Harbour Lights. Written by Ada Writer.');
    await expect(page.getByTestId('credits-opening')).toContainText(AI_NARRATION_LINE);
    await page.getByTestId('credits-apply').click();
    await expect(page.getByTestId('credits-dialog')).toHaveCount(0);
    await new EditorPage(page).generateAll(20);

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
    // The retail sample is proposed before anything is written: from the first chapter, after the opening credits.
    await expect(page.getByTestId('export-sample-summary')).toContainText('from block 2 (');
    await expect(page.getByTestId('export-sample-summary')).toContainText('The Quay The ferry left the quay');
    await expect(page.getByTestId('export-profile-narration')).toBeVisible();
    expect(await readdir(outDir)).toEqual([]);

    // Export first checks the delivery: every planned file rendered in staging and measured, the report shown in
    // the dialog, pass or fail per file and rule, before any file exists where the user asked.
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('preflight-report')).toBeVisible({ timeout: 120_000 });
    const plannedRows = page.getByTestId('preflight-row');
    const planned = await plannedRows.evaluateAll((rows) =>
      rows.map((row) => ({ file: row.getAttribute('data-file'), passed: row.getAttribute('data-passed') })),
    );
    expect(planned.filter((row) => row.passed !== 'true')).toEqual([]);
    expect(await readdir(outDir)).toEqual([]);

    // Then Export writes it: five chapter files and the sample, each rendered, encoded and measured again.
    await page.getByTestId('preflight-export').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(folder);

    // The credits and chapter files with ACX's names (number and title), the retail sample and the report beside
    // them, nothing else in view (the hidden .timbre-chapters.json lets a later export rewrite only what changed).
    const titles = [CREDITS_TITLES.opening, ...CHAPTERS, CREDITS_TITLES.closing];
    const chapterFiles = titles.map((title, index) => `${String(index + 1).padStart(2, '0')} ${title}.mp3`);
    const names = [...chapterFiles, 'Retail Sample.mp3'];
    const visible = (await readdir(folder)).filter((name) => !name.startsWith('.'));
    expect(visible.sort()).toEqual([...names, 'Pre-flight report.html'].sort());
    // The check before export covered the credits and chapter files and the retail sample, as they were written.
    const plannedFiles = new Set(planned.flatMap((row) => (row.file ? [row.file] : [])));
    expect([...plannedFiles].sort()).toEqual([...names].sort());

    // The report: ACX's narration rule, one table per chapter file and one for the whole delivery, every row passing.
    const report = await readPreflightReport(page, path.join(folder, 'Pre-flight report.html'));
    expect(report.narration).toBe(`Narration: ${acx.aiNarration.statement}`);
    expect(report.verdict).toBe(`Every file passes every ${acx.name} rule checked.`);
    const sections = [...new Set(report.rows.map((row) => row.section))];
    expect(sections.sort()).toEqual([...names, 'The whole delivery'].sort());
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
    // ACX's retail sample lasts one to five minutes.
    const sample = await measureDelivery(path.join(folder, 'Retail Sample.mp3'));
    expect(sample.durationSeconds).toBeGreaterThanOrEqual(acx.retailSample!.minSeconds);
    expect(sample.durationSeconds).toBeLessThanOrEqual(acx.retailSample!.maxSeconds);
  });
});
