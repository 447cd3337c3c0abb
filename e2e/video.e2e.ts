import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { chooseVideo, importDubScript } from './support/pages/dub-steps.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { savedProject } from './support/saved-project.js';
import { GERMAN_DUB, makeReferenceVideo, writeDubSrt } from './support/timed-fixtures.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

test.describe('journey: a reference video that moved', () => {
  test('asks for a moved video again after a restart, plays it once located, and keeps everything else', async ({
    launchApp,
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const media = test.info().outputPath('media');
    await mkdir(media, { recursive: true });
    const videoPath = makeReferenceVideo(media);
    const srtPath = await writeDubSrt(media);
    const app = await launchApp();
    await page.goto(app.url);
    await importDubScript(page, srtPath, 'Umzug');
    await chooseVideo(page, context, 'video-add', videoPath);
    // Settings of the video the project keeps: the original sound lowered and ducked deeper.
    await page.getByTestId('original-audio').getByTestId('original-audio-volume').fill('-6');
    await page.getByTestId('original-audio').getByTestId('original-audio-volume').press('Tab');
    await page.getByTestId('original-audio').getByTestId('original-audio-duck').fill('-18');
    await page.getByTestId('original-audio').getByTestId('original-audio-duck').press('Tab');
    await expect
      .poll(async () => (await savedProject(page, app)).video?.originalAudio)
      .toEqual({ volumeDb: -6, muted: false, duckDb: -18 });
    const before = await savedProject(page, app);

    // Quit, move the video to another folder, start again and reopen the project.
    await app.stop();
    const movedFolder = test.info().outputPath('moved');
    await mkdir(movedFolder, { recursive: true });
    const movedPath = path.join(movedFolder, 'picture (final).mp4');
    await rename(videoPath, movedPath);
    const restarted = await launchApp({ dataDir: app.dataDir });
    await page.goto(restarted.url);
    await new ProjectsPage(page).show();
    await new ProjectsPage(page).open('Umzug');

    // The panel says which file is missing and where it was; the lines, lanes and timeline are all there.
    await expect(page.getByTestId('video-missing')).toBeVisible();
    await expect(page.getByTestId('video-missing-message')).toContainText(videoPath);
    await expect(page.getByTestId('script-text')).toHaveCount(GERMAN_DUB.length);
    await expect(page.locator('[data-testid="timeline-block"][data-type="text"]')).toHaveCount(
      GERMAN_DUB.length,
    );

    // Located in main's chooser: it plays again, and only the path changed.
    await chooseVideo(page, context, 'video-locate', movedPath);
    await expect(page.getByTestId('video-missing')).toHaveCount(0);
    await expect.poll(async () => (await savedProject(page, restarted)).video?.path).toBe(movedPath);
    const after = await savedProject(page, restarted);
    expect(after.video).toEqual({ ...before.video, path: movedPath });
    expect(after.tracks).toEqual(before.tracks);
    expect(after.cast).toEqual(before.cast);
    expect(after.lexicon).toEqual(before.lexicon);
    expect(after.title).toBe(before.title);
  });
});
