import { taskRefusals } from '../standin/test-support/task-refusals.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { startNewProject } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 50 } });

// Issue 36, point 2: a run whose tasks are partly refused (400) ends, says what happened, and offers Generate again.
test.describe('journey: a run with refused tasks', () => {
  test('ends with the blocks generated and those refused counted, and Generate offered again', async ({
    launchApp,
    standin,
    page,
  }) => {
    const app = await launchApp();
    await startNewProject(page, app.url, 'Refusals');
    // Blocks over half a task's 5,000 characters: one task each.
    const sentence = 'The lantern keeper walked the sea wall at dusk and counted the boats coming home. ';
    const block = (n: number): string => `Part ${n}. ${sentence.repeat(40)}`.slice(0, 2_600);
    await new EditorPage(page).addTextBlocks([block(1), block(2), block(3)]);
    // The service refuses the next two tasks it receives.
    standin.injectFault(taskRefusals(2));

    await page.getByTestId('generate-project').filter({ hasText: 'Generate 3 blocks' }).click();
    // 7,800 credits: above the confirmation threshold.
    await page.getByTestId('generation-confirm-send').click();
    const bar = page.getByTestId('generation-progress');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveText('Generated 1 of 3 blocks · 2 failed', { timeout: 60_000 });
    // Nothing is left "on its way": the two refused blocks can be generated again.
    await expect(page.getByTestId('generate-project')).toHaveText('Generate 2 blocks');
    await expect(page.getByTestId('generate-project')).toBeEnabled();
    await expect(page.getByTestId('generation-pending')).toBeHidden();
    const failed = page.locator('[data-testid="script-row"][data-progress="failed"]');
    await expect(failed).toHaveCount(2);
    await expect(bar).toBeHidden({ timeout: 15_000 });

    // Generated again, both are refused once more: the run still ends, and says so.
    standin.injectFault(taskRefusals(2));
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 2 blocks' }).click();
    await page.getByTestId('generation-confirm-send').click();
    await expect(bar).toHaveText('Generated 0 of 2 blocks · 2 failed');
    await expect(page.getByTestId('generate-project')).toHaveText('Generate 2 blocks');
    await expect(bar).toBeHidden({ timeout: 15_000 });
  });
});
