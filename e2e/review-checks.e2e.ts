import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

test.describe('journey: listening and checking takes', () => {
  test('draws waveforms, seeks by clicking them, flags takes past the thresholds, warns on export, keeps “Sounds fine” and takes the rest again', async ({
    launchApp,
    page,
  }) => {
    const app = await launchApp();
    await page.goto(app.url);
    await page.getByTestId('nav-projects').click();
    await new ProjectsPage(page).create('Checks');
    const editor = new EditorPage(page);
    await editor.addTextBlocks([
      'The lighthouse keeper climbed the stairs every evening.',
      'Tonight the lamp would not light, and the sea was rising.',
    ]);
    await editor.generateAll(2);

    // Every generated block on the timeline draws its take's waveform.
    const timelineBlocks = page.locator('[data-testid="timeline-block"][data-type="text"]');
    await expect(timelineBlocks.nth(0).getByTestId('take-waveform')).toBeVisible();
    await expect(timelineBlocks.nth(1).getByTestId('take-waveform')).toBeVisible();
    // Drawn from the audio: some columns of the canvas are painted.
    const painted = await timelineBlocks
      .nth(1)
      .getByTestId('take-waveform')
      .evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d');
        if (!context) return 0;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let count = 0;
        for (let index = 3; index < data.length; index += 4) if (data[index]! > 0) count += 1;
        return count / (canvas.width * canvas.height);
      });
    expect(painted).toBeGreaterThan(0.05);
    expect(painted).toBeLessThan(0.95);

    // Clicking the second block's waveform in its middle moves the playhead there.
    const box = await timelineBlocks.nth(1).boundingBox();
    if (!box) throw new Error('the block is on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const start = await timelineBlocks.nth(1).evaluate((element) => element.getBoundingClientRect().left);
    const playhead = page.getByTestId('timeline-playhead');
    const playheadX = await playhead.evaluate((element) => element.getBoundingClientRect().left);
    expect(Math.abs(playheadX - (start + box.width / 2))).toBeLessThan(3);
    // The selected script row shows the waveform too.
    const secondRow = page.getByTestId('script-row').nth(1);
    await expect(secondRow).toHaveAttribute('aria-selected', 'true');
    await expect(secondRow.getByTestId('take-waveform')).toBeVisible();

    // Playing the preview from the start, the script follows the block under the playhead, to the second one.
    await page.getByTestId('timeline-ruler').click({ position: { x: 2, y: 5 } });
    await page.getByTestId('preview-play').click();
    await expect(page.getByTestId('script-row').nth(0)).toHaveAttribute('data-following', 'true');
    await expect(page.getByTestId('script-row').nth(1)).toHaveAttribute('data-following', 'true', {
      timeout: 20_000,
    });
    await page.getByTestId('preview-play').click();
    await expect(page.locator('[data-following="true"]')).toHaveCount(0);

    // Nothing is flagged with the default thresholds.
    await expect(page.getByTestId('review-panel')).toBeHidden();

    // A stricter edge-silence threshold than the stand-in's 0.15 s of tail (0.1 s) flags both takes.
    await page.getByTestId('nav-settings').click();
    // Settings also says what the takes hold on this machine; both are used by the project.
    await expect(page.getByTestId('audio-cache-usage')).toContainText('2 takes kept');
    await expect(page.getByTestId('audio-cache-usage')).toContainText('Every one is used by a project.');
    await page.getByTestId('check-edgeSilenceMs').fill('0.1');
    await page.getByTestId('checks-save').click();
    await expect(page.getByTestId('checks-saved')).toBeVisible();
    await page.getByTestId('check-durationTolerance').fill('500');
    await page.getByTestId('checks-save').click();
    await expect(page.getByTestId('checks-error')).toHaveText(/at most 100 %/);

    // Back to the project, still open in the editor.
    await page.getByTestId('nav-projects').click();
    await expect(page.getByTestId('review-panel')).toContainText('2 blocks need review');
    await expect(page.getByTestId('block-flags').first()).toContainText('of silence after the speech ends');
    await expect(timelineBlocks.nth(0)).toHaveAttribute('data-flagged', 'true');
    await page.getByTestId('review-toggle').click();
    await expect(page.getByTestId('review-item')).toHaveCount(2);

    // The export dialog says so before anything is written.
    await page.getByTestId('export-open').click();
    await expect(page.getByTestId('export-flagged')).toContainText('2 blocks in this export need review');
    await page.keyboard.press('Escape');

    // The first take sounds fine to the user: its flag closes, and the retake no longer counts it.
    await expect(page.getByTestId('review-retake')).toHaveText('Take them again (≈ 112 credits)');
    await page.getByTestId('review-sounds-fine').first().click();
    await expect(page.getByTestId('review-panel')).toContainText('1 block needs review');
    await expect(page.getByTestId('review-retake')).toHaveText('Take them again (≈ 57 credits)');

    // One action takes the open one again: only the second block gets a second take.
    await page.getByTestId('review-retake').click();
    await editor.selectOnTimeline('text', 1);
    await expect(page.getByTestId('take-row')).toHaveCount(2, { timeout: 60_000 });
    await editor.selectOnTimeline('text', 0);
    await expect(page.getByTestId('take-row')).toHaveCount(1);
    await expect(page.getByTestId('take-accepted')).toBeVisible();
  });
});
