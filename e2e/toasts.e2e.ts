import type { Page } from '@playwright/test';
import type { SuiteStandin } from './support/fixtures.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const taskPosts = (standin: SuiteStandin): number =>
  standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST').length;

/** Gives the selected block its own speech rate (out of range here: the service would refuse it). */
async function setSpeechRate(page: Page, editor: EditorPage, index: number, rate: string): Promise<void> {
  await editor.selectOnTimeline('text', index);
  await page.getByTestId('use-default-speechRate').uncheck();
  await page.getByTestId('field-speechRate').fill(rate);
  await page.getByTestId('field-speechRate').press('Enter');
}

test.describe('journey: notices that inform without piling up', () => {
  test('a repeated notice collapses with its count and goes by itself; a refusal names every block and selects them', async ({
    app,
    page,
    standin,
  }) => {
    await page.goto(app.url);
    await new ProjectsPage(page).create('Notices');
    const editor = new EditorPage(page);
    await editor.addTextBlocks(['One line.', 'Another line.', 'A third line.']);
    await editor.generateAll(3);
    await editor.addTextBlocks(['A fourth line, not generated yet.']);
    await editor.waitSaved();

    // Playing with a block still silent says so; asked twice, the same notice shows once with its count.
    await page.getByTestId('preview-play').click();
    await page.getByTestId('preview-play').click();
    await page.getByTestId('preview-play').click();
    const silent = page.getByTestId('toast').filter({ hasText: '1 block has no audio yet' });
    await expect(silent).toHaveCount(1);
    await expect(silent.getByTestId('toast-count')).toHaveText('×2');
    // Information goes away by itself.
    await expect(silent).toHaveCount(0, { timeout: 15_000 });

    // Two blocks the service would refuse: nothing is sent, one notice names them and selects them.
    await setSpeechRate(page, editor, 1, '5');
    await setSpeechRate(page, editor, 2, '7');
    await editor.waitSaved();
    // Flagged where they are, on the timeline and in the script, not only in the inspector.
    await expect(page.locator('[data-testid="timeline-block"][data-invalid="true"]')).toHaveCount(2);
    await expect(page.getByTestId('block-problems')).toHaveCount(2);
    await expect(page.getByTestId('block-problems').first()).toContainText('Cannot be generated');
    const before = taskPosts(standin);
    await page.getByTestId('generate-project').click();
    const refusal = page
      .getByTestId('toast')
      .filter({ hasText: 'Nothing was sent: 2 blocks need fixing first' });
    await expect(refusal).toHaveCount(1);
    await expect(refusal).toHaveAttribute('role', 'alert');
    await expect(refusal).toContainText('2 blocks:');
    await refusal.getByTestId('toast-action').click();
    await expect(page.getByTestId('stat-selection')).toHaveText('2 selected');
    await expect(refusal).toHaveCount(0);
    expect(taskPosts(standin)).toBe(before);
  });
});
