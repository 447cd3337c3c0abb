import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The project editor: script rows, timeline, inspector and save state. */
export class EditorPage {
  readonly scriptBoxes: Locator;

  constructor(private readonly page: Page) {
    this.scriptBoxes = page.getByTestId('script-text');
  }

  timelineBlocks(type: string): Locator {
    return this.page.locator(`[data-testid="timeline-block"][data-type="${type}"]`);
  }

  /** Adds speech blocks with these texts, one after the other. */
  async addTextBlocks(texts: readonly string[]): Promise<void> {
    const before = await this.scriptBoxes.count();
    for (const [index, text] of texts.entries()) {
      await this.page.getByTestId('add-text-block').click();
      const box = this.scriptBoxes.nth(before + index);
      await box.click();
      await box.fill(text);
    }
  }

  /** Generates every block of the project (the button names how many) and waits until all have audio. */
  async generateAll(blocks: number): Promise<void> {
    await this.page
      .getByTestId('generate-project')
      .filter({ hasText: `Generate ${blocks} block${blocks === 1 ? '' : 's'}` })
      .click();
    await expect(this.page.getByTestId('generate-project')).toHaveText('All generated', { timeout: 60_000 });
  }

  async waitSaved(): Promise<void> {
    await expect(this.page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
  }

  /** Closes the editor (which saves first) and waits for the project list. */
  async close(): Promise<void> {
    await this.page.getByTestId('editor-close').click();
    await expect(this.page.getByTestId('projects-page')).toBeVisible();
  }

  /** Selects a block by clicking it on the timeline (focus leaves any text box). */
  async selectOnTimeline(type: string, index = 0): Promise<void> {
    await this.timelineBlocks(type).nth(index).click();
    await expect(this.page.getByTestId('inspector-block')).toHaveAttribute('data-type', type);
  }

  /** The speech blocks' texts in the script, top to bottom. */
  scriptTexts(): Promise<string[]> {
    return this.scriptBoxes.evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value));
  }

  /** The speech blocks' texts as the timeline draws them, left to right. */
  timelineTexts(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('[data-testid="timeline-block"][data-type="text"]')]
        .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left)
        .map((element) => element.textContent?.trim() ?? ''),
    );
  }
}
