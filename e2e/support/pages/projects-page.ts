import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The project list: create, find and open projects. */
export class ProjectsPage {
  constructor(private readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByTestId('nav-projects').click();
    await expect(this.page.getByTestId('projects-page')).toBeVisible();
  }

  row(title: string): Locator {
    return this.page.locator(`[data-testid="project-row"][data-title="${title}"]`);
  }

  /** Creates a project through the dialog and waits for its editor. */
  async create(title: string): Promise<void> {
    await this.page.getByTestId('new-project').click();
    await this.page.getByTestId('new-project-title').fill(title);
    await this.page.getByTestId('new-project-submit').click();
    await expect(this.page.getByTestId('editor-title')).toHaveText(title);
  }

  async open(title: string): Promise<void> {
    await this.row(title).getByTestId('project-open').click();
    await expect(this.page.getByTestId('editor-title')).toHaveText(title);
  }
}
