import { expect, test } from './support/fixtures.js';
import { EditorPage } from './support/pages/editor-page.js';
import { ProjectsPage } from './support/pages/projects-page.js';

test.use({ service: 'standin', standinOptions: { speed: 40 } });

const OTHER_VOICE = '7b1e0c52-4f3a-4d8e-9b61-2a5c8f0d3e11';

test.describe('journey: a cast of speakers and a pronunciation lexicon', () => {
  test('gives a line to a speaker, shows what a voice change and a rule would make stale, and sends the respelling', async ({
    launchApp,
    page,
  }) => {
    const app = await launchApp();
    await page.goto(app.url);
    await page.getByTestId('nav-projects').click();
    await new ProjectsPage(page).create('Two voices');
    const editor = new EditorPage(page);
    await editor.addTextBlocks([
      'The door opened slowly.',
      'Who is there at this hour?',
      'Nobody answered. Nguyen held the lamp.',
    ]);

    // A new speaker; the second line goes to her and shows her name in its row and on the timeline.
    await page.getByTestId('cast-new-name').fill('Alice');
    await page.getByTestId('cast-add').click();
    await expect(page.getByTestId('cast-speaker')).toHaveCount(2);
    await editor.selectOnTimeline('text', 1);
    await page.getByTestId('block-speaker').selectOption({ label: 'Alice' });
    await expect(page.getByTestId('script-row').nth(1).getByTestId('speaker-badge')).toHaveText('Alice');
    await expect(page.getByTestId('script-row').nth(0).getByTestId('speaker-badge')).toHaveText('Narrator');
    await expect(editor.timelineBlocks('text').nth(1)).toHaveAttribute('data-speaker', 'Alice');

    await editor.generateAll(3);

    // Another voice for Alice would make exactly her line stale: the count and credits come first.
    const alice = page.getByTestId('cast-speaker').nth(1);
    await alice.getByTestId('cast-speaker-voice').fill(OTHER_VOICE);
    await alice.getByTestId('cast-speaker-voice').press('Enter');
    await expect(page.getByTestId('stale-confirm')).toContainText(
      `1 generated block would need generating again (≈ ${'Who is there at this hour?'.length} credits)`,
    );
    await page.getByTestId('stale-confirm-cancel').click();
    await expect(page.locator('[data-testid="timeline-block"][data-state="stale"]')).toHaveCount(0);
    // Cancelled, the box shows the voice Alice still has.
    await expect(alice.getByTestId('cast-speaker-voice')).toHaveValue('');

    // So would a speech rate of her own; cancelled, the box shows the defaults again.
    await alice.getByTestId('cast-speaker-parameters').locator('summary').press('Enter');
    await alice.getByTestId('cast-speaker-rate').fill('1.2');
    await alice.getByTestId('cast-speaker-rate').press('Enter');
    await expect(page.getByTestId('stale-confirm')).toContainText(
      '1 generated block would need generating again',
    );
    await page.getByTestId('stale-confirm-cancel').click();
    await expect(alice.getByTestId('cast-speaker-rate')).toHaveValue('');

    // The filter shows only Alice's lines.
    await alice.getByTestId('cast-speaker-filter').click();
    await expect(page.getByTestId('script-row')).toHaveCount(1);
    await expect(page.getByTestId('script-filter')).toContainText('Showing 1 line of Alice');
    await alice.getByTestId('cast-speaker-filter').click();
    await expect(page.getByTestId('script-row')).toHaveCount(3);

    // A pronunciation rule for a name makes only the line that says it stale, after saying so.
    // (Keyboard: the generation toasts sit over the bottom of the side panel.)
    await page.getByTestId('lexicon-panel').locator('summary').press('Enter');
    await page.getByTestId('lexicon-new-term').fill('Nguyen');
    await page.getByTestId('lexicon-new-replacement').fill('Win');
    await page.getByTestId('lexicon-new-replacement').press('Enter');
    await expect(page.getByTestId('stale-confirm')).toContainText(
      '1 generated block would need generating again',
    );
    await page.getByTestId('stale-confirm-apply').press('Enter');
    await expect(page.getByTestId('lexicon-rule')).toHaveCount(1);
    const states = page.locator('[data-testid="timeline-block"][data-type="text"]');
    await expect(states.nth(0)).toHaveAttribute('data-state', 'generated');
    await expect(states.nth(1)).toHaveAttribute('data-state', 'generated');
    await expect(states.nth(2)).toHaveAttribute('data-state', 'stale');

    // The script keeps what was written; the inspector shows what will be sent.
    await expect(editor.scriptBoxes.nth(2)).toHaveValue('Nobody answered. Nguyen held the lamp.');
    await editor.selectOnTimeline('text', 2);
    await expect(page.getByTestId('sent-text')).toHaveText('Nobody answered. Win held the lamp.');

    // Generating again sends only that line, and it is current again.
    await editor.generateAll(1);
    await expect(states.nth(2)).toHaveAttribute('data-state', 'generated');

    // The cast and the rule are saved with the project.
    await editor.waitSaved();
    await editor.close();
    await new ProjectsPage(page).open('Two voices');
    await expect(page.getByTestId('cast-speaker')).toHaveCount(2);
    await expect(page.getByTestId('script-row').nth(1).getByTestId('speaker-badge')).toHaveText('Alice');
    await expect(states.nth(2)).toHaveAttribute('data-state', 'generated');
  });
});
