import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { layoutTimeline } from '../common/project/index.js';
import type { TextBlock } from '../common/project/project-schema.js';
import { sendContext } from '../common/project/send-context.js';
import { audioFrameMs, audioTrackNames, probeStreams, videoPacketsMd5 } from './support/media-probe.js';
import { EditorPage } from './support/pages/editor-page.js';
import { parseSrt } from './support/srt-file.js';
import type { SuiteStandin } from './support/fixtures.js';
import { expect, test } from './support/fixtures.js';
import { chooseVideo, importDubScript } from './support/pages/dub-steps.js';
import { savedProject } from './support/saved-project.js';
import {
  DUB_LINES,
  GERMAN_DUB,
  REFERENCE_VIDEO,
  makeReferenceVideo,
  writeDubSrt,
} from './support/timed-fixtures.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const taskPosts = (standin: SuiteStandin) =>
  standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST');

/** The fixtures of one journey, made in its own output folder. */
async function dubFixtures(): Promise<{ videoPath: string; srtPath: string }> {
  const folder = test.info().outputPath('media');
  await mkdir(folder, { recursive: true });
  return { videoPath: makeReferenceVideo(folder), srtPath: await writeDubSrt(folder) };
}

function fitLine(page: Page, blockId: string) {
  return page.locator(`[data-testid="fit-line"][data-block-id="${blockId}"]`);
}

test.describe('journey: voiceover to picture, from a translated SRT to reviewed takes', () => {
  test('imports a German SRT beside a video, fixes two overrunning lines before paying, generates, and reviews the take that still overruns', async ({
    app,
    standin,
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const { videoPath, srtPath } = await dubFixtures();
    await page.goto(app.url);

    // The import's preview already names the three lines estimated to overrun their slots.
    await importDubScript(page, srtPath, 'Der Bericht');
    let project = await savedProject(page, app);
    const blocks = project.tracks.speech.blocks as TextBlock[];
    expect(blocks.map((block) => [block.text, block.timing?.startMs, block.timing?.cueEndMs])).toEqual(
      GERMAN_DUB.map((cue) => [cue.text, cue.startMs, cue.endMs]),
    );
    // One lane per speaker.
    const lanes = blocks.map((block) => block.timing?.lane);
    expect(new Set(lanes).size).toBe(2);
    expect(lanes[0]).toBe(lanes[2]);
    expect(lanes[1]).toBe(lanes[3]);
    const idOf = (index: number): string => blocks[index]!.id;

    // The reference video, chosen in main's chooser: the project keeps its path and its facts, and lasts as long.
    await chooseVideo(page, context, 'video-add', videoPath);
    project = await savedProject(page, app);
    expect(project.video).toMatchObject({
      path: videoPath,
      width: REFERENCE_VIDEO.width,
      height: REFERENCE_VIDEO.height,
      frameRate: REFERENCE_VIDEO.frameRate,
    });
    expect(Math.abs((project.video?.durationMs ?? 0) - REFERENCE_VIDEO.seconds * 1000)).toBeLessThan(100);

    // The fit check before anything is sent: three lines overrun; one can be sent faster, one cannot.
    await page.getByTestId('fit-check-open').click();
    await expect(page.getByTestId('fit-line')).toHaveCount(3);
    const rateFix = fitLine(page, idOf(DUB_LINES.rateFix));
    const runOn = fitLine(page, idOf(DUB_LINES.runOn));
    const overrun = fitLine(page, idOf(DUB_LINES.overrun));
    await expect(rateFix.getByTestId('fit-line-rate-range')).toHaveText('(can be sent)');
    await expect(runOn.getByTestId('fit-line-rate-range')).toHaveText('(outside 0.5–2)');
    await expect(runOn.getByTestId('fit-remedy-rate')).toBeDisabled();
    await expect(overrun.getByTestId('fit-line-rate-range')).toHaveText('(can be sent)');
    const neededRate = Number(
      await rateFix
        .getByTestId('fit-line-rate')
        .innerText()
        .then((t) => t.split(' ')[0]),
    );
    expect(neededRate).toBeGreaterThan(1.5);
    expect(neededRate).toBeLessThanOrEqual(2);

    // Fix two: line 3 at the rate it needs, line 5 runs on into the free time after its slot. Line 7 is left.
    await rateFix.getByTestId('fit-remedy-rate').click();
    await expect(rateFix).toHaveCount(0);
    await runOn.getByTestId('fit-remedy-run-on').click();
    await expect(runOn.getByTestId('fit-line-suggestion')).toHaveText('Runs on into free time');
    await expect(page.getByTestId('fit-check-summary')).toContainText('1 still needs a decision');
    await page.getByTestId('fit-check-close').click();
    project = await savedProject(page, app);
    const fixed = project.tracks.speech.blocks as TextBlock[];
    expect(fixed[DUB_LINES.rateFix]!.speechRate).toBeCloseTo(neededRate, 2);
    expect(fixed[DUB_LINES.runOn]!.timing?.fit).toBe('dynamic');
    expect(fixed[DUB_LINES.overrun]!.timing?.fit).toBe('fixed');
    expect(fixed[DUB_LINES.overrun]!.speechRate).toBeUndefined();

    // Generate all seven in one task: before sending, the confirmation names the line left overrunning.
    await page
      .getByTestId('generate-project')
      .filter({ hasText: `Generate ${GERMAN_DUB.length} blocks` })
      .click();
    await expect(page.getByTestId('generation-confirm-overrun')).toContainText(
      '1 timed line will run past its slot',
    );
    expect(taskPosts(standin)).toHaveLength(0);
    await page.getByTestId('generation-confirm-send').click();
    await expect(page.getByTestId('generate-project')).toHaveText('All generated', { timeout: 90_000 });
    expect(taskPosts(standin)).toHaveLength(1);
    expect(taskPosts(standin)[0]?.summary).toMatchObject({ blocks: GERMAN_DUB.length });

    // The take of line 7 still runs past its slot: Needs review names it, with a faster take at a sendable rate.
    const review = page.getByTestId('review-panel');
    await expect(review).toBeVisible();
    if ((await review.getByTestId('review-list').count()) === 0)
      await review.getByTestId('review-toggle').click();
    const item = review.locator('li').filter({ hasText: GERMAN_DUB[DUB_LINES.overrun]!.text.slice(0, 30) });
    await expect(item).toHaveCount(1);
    const faster = item.getByTestId('review-overrun-faster');
    await expect(faster).toBeEnabled();
    const fasterRate = Number(/Faster take at ([\d.]+)/u.exec(await faster.innerText())?.[1]);
    expect(fasterRate).toBeGreaterThan(1);
    expect(fasterRate).toBeLessThanOrEqual(2);
    // The lines fixed before paying are not flagged: the rate-fixed take fits, the dynamic one may run on.
    for (const index of [DUB_LINES.rateFix, DUB_LINES.runOn]) {
      await expect(
        review.locator('li').filter({ hasText: GERMAN_DUB[index]!.text.slice(0, 30) }),
      ).toHaveCount(0);
    }

    // The next step: a faster take of that line alone, sent only on this click. Its rate is exactly the one that
    // fits, so the estimate may still put it past its slot: Generate then asks first, and the user sends it.
    await faster.click();
    const confirm = page.getByTestId('generation-confirm-send');
    await expect.poll(async () => taskPosts(standin).length === 2 || (await confirm.isVisible())).toBe(true);
    if (taskPosts(standin).length < 2) await confirm.click();
    await expect.poll(() => taskPosts(standin).length, { timeout: 30_000 }).toBe(2);
    expect(taskPosts(standin)[1]?.summary).toMatchObject({ blocks: 1 });
    // The button may still read "All generated" from before the task was acknowledged: wait for the saved take.
    const overrunLine = async (): Promise<TextBlock> =>
      (await savedProject(page, app)).tracks.speech.blocks[DUB_LINES.overrun] as TextBlock;
    await expect.poll(async () => (await overrunLine()).takes?.length, { timeout: 60_000 }).toBe(2);
    await expect(page.getByTestId('generate-project')).toHaveText('All generated', { timeout: 60_000 });
    expect((await overrunLine()).speechRate).toBeCloseTo(fasterRate, 2);
  });
});

test.describe('journey: the video with its new soundtrack', () => {
  test('exports the MP4 with the picture copied untouched, a soundtrack as long as the video, the original sound as a second stream and subtitles timed from the takes', async ({
    launchApp,
    page,
    context,
    standin,
  }) => {
    test.setTimeout(180_000);
    const outDir = test.info().outputPath('exports');
    await mkdir(outDir, { recursive: true });
    const app = await launchApp({ env: { TIMBRE_EXPORT_DIR: outDir } });
    const { videoPath, srtPath } = await dubFixtures();
    await page.goto(app.url);
    await importDubScript(page, srtPath, 'Der Bericht');
    await chooseVideo(page, context, 'video-add', videoPath);

    // Every overrunning line gets its own suggestion in one step. The line nothing natural fits is marked to
    // rewrite shorter, so Generate holds it back (its text as it is would be paid for, then thrown away), says
    // so before sending the six others, and the service never sees it.
    await page.getByTestId('fit-check-open').click();
    await page.getByTestId('fit-check-apply-all').click();
    await expect(page.getByTestId('fit-check-summary')).toContainText('0 still need a decision');
    await page.getByTestId('fit-check-close').click();
    const marked = (await savedProject(page, app)).tracks.speech.blocks.findIndex(
      (block) => block.type === 'text' && block.timing?.rewrite === true,
    );
    expect(marked, 'Apply all marks one line to rewrite shorter').toBeGreaterThanOrEqual(0);
    const markedText = GERMAN_DUB[marked]!.text;
    const postsBefore = taskPosts(standin).length;
    await page
      .getByTestId('generate-project')
      .filter({ hasText: `Generate ${GERMAN_DUB.length - 1} blocks` })
      .click();
    await expect(page.getByTestId('generation-confirm-rewrite')).toHaveText(
      '1 line marked to rewrite shorter is not sent: rewrite it, or clear the mark.',
    );
    await page.getByTestId('generation-confirm-send').click();
    await expect(page.getByTestId('generate-project')).toHaveText('1 line to rewrite', { timeout: 60_000 });
    const sent = taskPosts(standin).slice(postsBefore);
    expect(sent.map((entry) => entry.summary['blocks'])).toEqual([GERMAN_DUB.length - 1]);
    expect(sent.map((entry) => String(entry.summary['textPreview'] ?? '')).join(' ')).not.toContain(
      markedText.slice(0, 20),
    );

    // Rewriting it shorter (its first clause) clears the mark: Generate sends that line alone.
    const editor = new EditorPage(page);
    await editor.scriptBoxes.nth(marked).fill(`${markedText.split(',')[0]!}.`);
    await editor.generateAll(1);

    await page.getByTestId('export-open').click();
    await page.getByTestId('export-mode').selectOption('video');
    await page.getByTestId('export-video-container').selectOption('mp4');
    await page.getByTestId('export-keep-original-audio').check();
    await page.getByTestId('export-srt').check();
    const outputPath = path.join(outDir, 'Der Bericht.mp4');
    await page.getByTestId('export-path').fill(outputPath);
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-done')).toBeVisible({ timeout: 90_000 });
    await expect(page.getByTestId('export-output-path')).toHaveText(outputPath);
    await page.getByTestId('export-close').click();

    // The picture: the same packets, byte for byte (ffmpeg's MD5 of the copied video stream).
    expect(videoPacketsMd5(outputPath)).toBe(videoPacketsMd5(videoPath));
    // The sound: AAC as long as the video within one audio frame, and the original as a labelled second stream.
    const streams = probeStreams(outputPath);
    const video = streams.find((stream) => stream.codecType === 'video');
    const audio = streams.filter((stream) => stream.codecType === 'audio');
    expect(video?.codecName).toBe('h264');
    expect(audio.map((stream) => stream.codecName)).toEqual(['aac', 'aac']);
    const soundtrack = audio[0]!;
    const sourceVideo = probeStreams(videoPath).find((stream) => stream.codecType === 'video')!;
    expect(Math.abs(soundtrack.durationMs - sourceVideo.durationMs)).toBeLessThanOrEqual(
      audioFrameMs(soundtrack),
    );
    expect(await audioTrackNames(outputPath)).toEqual(['New soundtrack', 'Original audio']);

    // The subtitles: every line at its timed place, for as long as its take, within the video.
    const project = await savedProject(page, app);
    const layout = layoutTimeline(project, sendContext(project, []));
    expect(layout.estimated).toBe(false);
    const cues = parseSrt(await readFile(path.join(outDir, 'Der Bericht.srt'), 'utf8'));
    expect(cues.length).toBeGreaterThanOrEqual(GERMAN_DUB.length);
    for (const [index, item] of layout.speech.entries()) {
      // Lines of two lanes overlap in time, so a line's cues are those of its words within its time.
      const line = (project.tracks.speech.blocks[index] as TextBlock).text;
      const own = cues.filter(
        (cue) => line.includes(cue.text) && cue.startMs >= item.startMs - 1 && cue.startMs < item.endMs,
      );
      expect(own.length, `line ${index + 1} has its cues`).toBeGreaterThan(0);
      expect(own[0]!.startMs - item.startMs, `line ${index + 1} starts at its time`).toBeLessThan(250);
      expect(own.map((cue) => cue.text).join(' ')).toBe(line);
      // Shown while the take speaks, up to its slot's end: cues follow the speech inside the take (its sentences'
      // times), so the last ends at most the take's trailing silence (~150 ms at the stand-in) before the take or
      // the slot ends; never past the picture. (A take running past its slot's end keeps its cue to the slot.)
      const slotEnd = layout.slots.get(item.blockId)?.endMs ?? item.endMs;
      const speaksUntil = Math.min(item.endMs, slotEnd, REFERENCE_VIDEO.seconds * 1000);
      expect(own.at(-1)!.endMs).toBeGreaterThanOrEqual(speaksUntil - 300);
      expect(own.at(-1)!.endMs).toBeLessThanOrEqual(REFERENCE_VIDEO.seconds * 1000);
    }
  });
});
