import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

test.describe('journey: the Tasks page after failures', () => {
  test('"Needs attention" counts a failed task until it is retried or dismissed', async ({
    app,
    page,
    standin,
  }) => {
    await page.goto(app.url);
    await new ProjectsPage(page).create('Refused once');
    const editor = new EditorPage(page);
    await editor.addTextBlocks(['A sentence the service refuses the first time.']);
    await editor.waitSaved();
    // The service refuses the first submission outright (a 400 is not retried by itself).
    standin.injectFault({
      mode: 'status',
      status: 400,
      count: 1,
      method: 'POST',
      pathPrefix: '/api/tts/generate',
    });
    await page.getByTestId('generate-project').click();

    await page.getByTestId('nav-tasks').click();
    await expect(page.getByTestId('jobs-filter-problem')).toHaveText('Needs attention (1)');
    await page.getByTestId('jobs-filter-problem').click();
    const failed = page.locator('[data-testid="job-row"][data-status="failed"]');
    await expect(failed).toHaveCount(1);
    await failed.getByTestId('job-retry').click();

    // Retried: the failure no longer needs attention, and the new task finishes.
    await expect(page.getByTestId('jobs-filter-problem')).toHaveText('Needs attention (0)');
    await page.getByTestId('jobs-filter-all').click();
    await expect(page.locator('[data-testid="job-row"][data-status="succeeded"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('job-retried')).toHaveText('Retried: the new task carries on.');

    // Another refusal, this time set aside rather than retried: Dismiss clears it from "Needs attention".
    await page.getByTestId('nav-projects').click();
    await editor.addTextBlocks(['A second sentence, refused too.']);
    await editor.waitSaved();
    standin.injectFault({
      mode: 'status',
      status: 400,
      count: 1,
      method: 'POST',
      pathPrefix: '/api/tts/generate',
    });
    await page.getByTestId('generate-project').click();
    await page.getByTestId('nav-tasks').click();
    await expect(page.getByTestId('jobs-filter-problem')).toHaveText('Needs attention (1)');
    await page.locator('[data-testid="job-row"][data-status="failed"]').getByTestId('job-dismiss').click();
    await expect(page.getByTestId('jobs-filter-problem')).toHaveText('Needs attention (0)');
    await expect(page.getByTestId('job-dismissed')).toHaveText(
      'Dismissed: no longer counted under Needs attention.',
    );
  });
});
