import { mkdir, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { MP3_FRAME_SAMPLES } from '../common/export/frame-aligned-parts.js';
import { chapterMarks } from '../common/project/chapters.js';
import { layoutTimeline } from '../common/project/index.js';
import { sendContext } from '../common/project/send-context.js';
import { makeEpub } from '../main/services/book-import/test-support/make-books.js';
import { probeFile, probeStream } from '../main/services/export/test-support/media-tools.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { savedProject } from './support/saved-project.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

/** Three chapters, two speakers in quoted dialogue, and one name that needs a respelling. */
const book = makeEpub({
  title: 'The Lighthouse',
  author: 'Ada Writer',
  chapters: [
    { title: 'Arrival', paragraphs: ['The boat came in at dusk.', '“Is anyone there?” asked Mara.'] },
    { title: 'The Keeper', paragraphs: ['“Only me,” said Tom.', 'Nguyen lit the lamp.'] },
    { title: 'Morning', paragraphs: ['Fog lifted over the bay.'] },
  ],
});

function srtStartsMs(text: string): number[] {
  return [...text.matchAll(/^(\d\d):(\d\d):(\d\d),(\d\d\d) -->/gmu)].map(
    ([, h, m, s, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(ms),
  );
}

test.describe('journey: a book from EPUB to a chaptered audiobook', () => {
  test('imports chapters and speakers, maps voices, respells a name, generates, and exports MP3 chapters and per-chapter files', async ({
    launchApp,
    standin,
    page,
  }) => {
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    await page.goto(app.url);
    const projects = new ProjectsPage(page);
    await projects.show();

    // The book is read by main: the preview shows its chapters, speakers and credits before anything is made.
    await projects.importEpub('lighthouse.epub', book);
    await expect(page.getByTestId('import-preview-chapters')).toHaveAttribute('data-count', '3');
    await expect(page.getByTestId('import-preview-chapters')).toContainText('Arrival · The Keeper · Morning');
    await expect(page.getByTestId('import-preview-count')).toHaveAttribute('data-count', '10');
    await expect(page.getByTestId('import-preview-credits')).toBeVisible();
    await expect(page.getByTestId('import-title')).toHaveValue('The Lighthouse');
    const speakers = page.getByTestId('import-speaker');
    await expect(speakers).toHaveCount(2);
    await expect(speakers.nth(0)).toHaveAttribute('data-speaker', 'Mara');
    await expect(speakers.nth(1)).toHaveAttribute('data-speaker', 'Tom');

    // Each speaker gets a voice of the library.
    const [first, second] = standin.marketVoices;
    if (!first || !second) throw new Error('the stand-in has two market voices');
    await speakers.nth(0).getByTestId('import-speaker-voice').selectOption({ label: first.name });
    await speakers.nth(1).getByTestId('import-speaker-voice').selectOption({ label: second.name });
    await page.getByTestId('import-submit').click();
    await expect(page.getByTestId('editor-title')).toHaveText('The Lighthouse');

    const editor = new EditorPage(page);
    await expect(page.getByTestId('cast-speaker')).toHaveCount(3);
    await expect(page.getByTestId('script-row').nth(2).getByTestId('speaker-badge')).toHaveText('Mara');
    await expect(page.getByTestId('script-row').nth(5).getByTestId('speaker-badge')).toHaveText('Tom');
    await editor.generateAll(10);
    const imported = await savedProject(page, app);
    expect(imported.cast.map((speaker) => [speaker.name, speaker.voiceId])).toEqual([
      ['Narrator', undefined],
      ['Mara', first.idForGenerate],
      ['Tom', second.idForGenerate],
    ]);

    // A respelling for one name makes only the block that says it stale, after saying so.
    await page.getByTestId('lexicon-panel').locator('summary').press('Enter');
    await page.getByTestId('lexicon-new-term').fill('Nguyen');
    await page.getByTestId('lexicon-new-replacement').fill('Win');
    await page.getByTestId('lexicon-new-replacement').press('Enter');
    await expect(page.getByTestId('stale-confirm')).toContainText(
      '1 generated block would need generating again',
    );
    await page.getByTestId('stale-confirm-apply').press('Enter');
    const textBlocks = page.locator('[data-testid="timeline-block"][data-type="text"]');
    await expect(page.locator('[data-testid="timeline-block"][data-state="stale"]')).toHaveCount(1);
    await expect(textBlocks.nth(7)).toHaveAttribute('data-state', 'stale');
    await editor.generateAll(1);

    // One MP3 with chapter markers and tags.
    const project = await savedProject(page, app);
    const context = sendContext(project, []);
    const layout = layoutTimeline(project, context);
    const marks = chapterMarks(project, layout);
    expect(marks.map((mark) => mark.title)).toEqual(['Arrival', 'The Keeper', 'Morning']);

    await page.getByTestId('export-open').click();
    await page.getByTestId('export-format').selectOption('mp3');
    await page.getByTestId('export-loudness').selectOption('none');
    await page.getByTestId('export-tag-author').fill('Ada Writer');
    await page.getByTestId('export-tag-year').fill('2026');
    await expect(page.getByTestId('export-chapter-markers')).toBeChecked();
    const mp3Path = path.join(outDir, 'The Lighthouse.mp3');
    await page.getByTestId('export-path').fill(mp3Path);
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    const probed = await probeFile(mp3Path);
    expect(probed.chapters.map((chapter) => chapter.tags.title)).toEqual([
      'Arrival',
      'The Keeper',
      'Morning',
    ]);
    // Each chapter is padded to whole MP3 frames (1152 samples, under 26 ms) so a re-export can keep the frames of
    // chapters that did not change: chapter k starts after the padded lengths of the chapters before it.
    const { sampleRate } = await probeStream(mp3Path);
    const frameMs = (MP3_FRAME_SAMPLES * 1000) / sampleRate;
    let alignedFrames = 0;
    probed.chapters.forEach((chapter, index) => {
      const start = Number(chapter.start_time);
      expect(start).toBeCloseTo(alignedFrames / sampleRate, 2);
      expect(start * 1000).toBeGreaterThanOrEqual(marks[index]!.startMs - 1);
      expect(start * 1000).toBeLessThan(marks[index]!.startMs + index * frameMs + 1);
      const next = marks[index + 1];
      if (next === undefined) return;
      const lengthFrames = Math.round(((next.startMs - marks[index]!.startMs) * sampleRate) / 1000);
      alignedFrames += Math.ceil(lengthFrames / MP3_FRAME_SAMPLES) * MP3_FRAME_SAMPLES;
    });
    expect(probed.format.tags).toMatchObject({ title: 'The Lighthouse', artist: 'Ada Writer' });
    expect(probed.format.tags?.date ?? probed.format.tags?.TYER).toBe('2026');

    // One file per chapter, each with subtitles starting at its own zero.
    await page.getByTestId('export-mode').selectOption('chapters-folder');
    await page.getByTestId('export-format').selectOption('wav16');
    const folder = path.join(outDir, 'The Lighthouse chapters');
    await page.getByTestId('export-path').fill(folder);
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(folder);
    // Beside the chapters, the hidden list the next export into this folder compares them with.
    expect((await readdir(folder)).sort()).toEqual([
      '.timbre-chapters.json',
      '01 Arrival.srt',
      '01 Arrival.wav',
      '02 The Keeper.srt',
      '02 The Keeper.wav',
      '03 Morning.srt',
      '03 Morning.wav',
    ]);
    for (const name of ['01 Arrival', '02 The Keeper', '03 Morning']) {
      const starts = srtStartsMs(await readFile(path.join(folder, `${name}.srt`), 'utf8'));
      expect(starts.length).toBeGreaterThan(0);
      expect(starts[0]).toBeLessThan(1000);
    }
    const keeperSrt = await readFile(path.join(folder, '02 The Keeper.srt'), 'utf8');
    expect(keeperSrt).toContain('Only me,');
    expect(keeperSrt).not.toContain('Fog lifted');
  });
});
