import type { Page } from '@playwright/test';
import type { SuiteStandin } from './support/fixtures.js';
import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';
import { SettingsPage } from './support/pages/settings-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const LINES = [
  'The harbour was quiet before dawn.',
  'We sail at first light.',
  'Then we leave tonight, without him.',
  'Nobody answered her.',
];
const CREDITS = LINES.reduce((sum, line) => sum + line.length, 0);

/** Task submissions the stand-in received (its ledger of POST /api/tts/generate), with their answers. */
function taskPosts(standin: SuiteStandin) {
  return standin.ledger({ kind: 'task' }).filter((entry) => entry.method === 'POST');
}

async function giveVoice(page: Page, speaker: number, voice: string): Promise<void> {
  await page.getByTestId('cast-speaker').nth(speaker).getByTestId('cast-speaker-voice-library').selectOption({
    label: voice,
  });
}

test.describe('journey: a style one cast voice lacks', () => {
  test('is caught before anything is sent, fixed in one click, the run ends right, and a default change asks first', async ({
    launchApp,
    page,
    standin,
  }) => {
    const app = await launchApp();
    await page.goto(app.url);
    await page.getByTestId('nav-projects').click();
    await new ProjectsPage(page).create('Harbour');
    const editor = new EditorPage(page);

    // Project defaults: Aria, with her Calm style (the style list is Aria's own).
    await page.getByTestId('project-default-voiceId-library').selectOption({ label: 'Aria' });
    await page.getByTestId('project-default-promptId').selectOption({ label: 'Calm' });
    await expect(page.getByTestId('project-default-style-misfit')).toHaveCount(0);

    // Three speakers: the narrator (the defaults), Bruno and Mei with voices of their own.
    await editor.addTextBlocks(LINES);
    for (const name of ['Bruno', 'Mei']) {
      await page.getByTestId('cast-new-name').fill(name);
      await page.getByTestId('cast-add').click();
    }
    await giveVoice(page, 1, 'Bruno');
    await giveVoice(page, 2, 'Mei');
    await editor.selectOnTimeline('text', 1);
    await page.getByTestId('block-speaker').selectOption({ label: 'Bruno' });
    await editor.selectOnTimeline('text', 2);
    await page.getByTestId('block-speaker').selectOption({ label: 'Mei' });

    // Their rows say "As the defaults" and that the defaults' style is not one of their voice's.
    const misfits = page.getByTestId('cast-speaker-style-misfit');
    await expect(misfits).toHaveCount(2);
    await expect(misfits.nth(0)).toContainText(
      'The defaults’ style “calm” is not a style of Bruno: Bruno’s lines would be refused.',
    );
    await expect(misfits.nth(1)).toContainText('not a style of Mei');
    // The lines are marked where they are shown.
    await expect(page.getByTestId('script-row').nth(1).getByTestId('block-problems')).toContainText(
      'The style “calm” (the project default) is not a style of the voice Bruno',
    );

    // Generate is caught before sending: one notice names each block, its voice and the style.
    const postsBefore = taskPosts(standin).length;
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 4 blocks' }).click();
    const refusal = page
      .getByTestId('toast')
      .filter({ hasText: 'Nothing was sent: 2 blocks need fixing first' });
    await expect(refusal).toContainText(
      'Speech block 2 (“We sail at first light.”): The style “calm” (the project default) is not a style of the voice Bruno (its styles: Default, Trailer); Bruno’s own default is “Default”.',
    );
    await expect(refusal).toContainText('is not a style of the voice Mei');
    expect(taskPosts(standin)).toHaveLength(postsBefore);

    // One click gives Bruno and Mei their voices' own default style; the narrator keeps Calm.
    await refusal
      .getByTestId('toast-action')
      .filter({ hasText: 'Use Bruno’s and Mei’s default styles' })
      .click();
    await expect(misfits).toHaveCount(0);
    await expect(page.getByTestId('project-default-promptId')).toHaveValue('calm');
    await expect(page.getByTestId('block-problems')).toHaveCount(0);

    // The run sends every block, none is refused, and it ends saying so.
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 4 blocks' }).click();
    await expect(page.getByTestId('generation-progress')).toHaveText('Generated 4 of 4 blocks', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('generate-project')).toHaveText('All generated');
    const sent = taskPosts(standin).slice(postsBefore);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((entry) => entry.status)).toEqual(sent.map(() => 200));
    const states = editor.timelineBlocks('text');
    for (let index = 0; index < LINES.length; index += 1) {
      await expect(states.nth(index)).toHaveAttribute('data-state', 'generated');
    }

    // A project default asks first, with the count and the credits; Cancel changes nothing.
    await page.getByTestId('project-default-preset').selectOption('stable');
    await expect(page.getByTestId('stale-confirm')).toContainText(
      `Change project defaults: 4 generated blocks would need generating again (≈ ${CREDITS} credits).`,
    );
    await page.getByTestId('stale-confirm-cancel').click();
    await expect(page.getByTestId('project-default-preset')).toHaveValue('balance');
    await expect(page.locator('[data-testid="timeline-block"][data-state="stale"]')).toHaveCount(0);
    await page.getByTestId('project-default-preset').selectOption('stable');
    await page.getByTestId('stale-confirm-apply').click();
    await expect(page.locator('[data-testid="timeline-block"][data-state="stale"]')).toHaveCount(4);

    // Above the credits set in Settings, Generate shows its estimate and waits for the user's word.
    await editor.waitSaved();
    const settings = new SettingsPage(page);
    await settings.show();
    await page.getByTestId('generation-confirm-above').fill('50');
    await page.getByTestId('generation-settings-save').click();
    await expect(page.getByTestId('generation-settings-saved')).toBeVisible();
    // The open project is still open on the projects page.
    await page.getByTestId('nav-projects').click();
    await expect(page.getByTestId('editor-title')).toHaveText('Harbour');
    const postsBeforeConfirm = taskPosts(standin).length;
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 4 blocks' }).click();
    await expect(page.getByTestId('generation-confirm')).toContainText(
      `Generate 4 blocks: up to ≈ ${CREDITS} credits`,
    );
    await expect(page.getByTestId('generation-confirm')).toContainText('does not tell the app your balance');
    await page.getByTestId('generation-confirm-cancel').click();
    expect(taskPosts(standin)).toHaveLength(postsBeforeConfirm);
    // The export dialog's "generate, then export" shows the same figure and asks the same question.
    await page.getByTestId('export-open').click();
    await page.getByTestId('export-start').click();
    await expect(page.getByTestId('export-generate-missing')).toHaveText(
      `Generate 4 blocks (≈ ${CREDITS} credits), then export`,
    );
    await page.getByTestId('export-generate-missing').click();
    await expect(page.getByTestId('generation-confirm')).toContainText(
      `Generate 4 blocks, then export: up to ≈ ${CREDITS} credits`,
    );
    await page.getByTestId('generation-confirm-cancel').click();
    await page.getByTestId('export-close').click();
    expect(taskPosts(standin)).toHaveLength(postsBeforeConfirm);
    await page.getByTestId('generate-project').filter({ hasText: 'Generate 4 blocks' }).click();
    await page.getByTestId('generation-confirm-send').click();
    await expect(page.getByTestId('generate-project')).toHaveText('All generated', { timeout: 60_000 });
  });
});
