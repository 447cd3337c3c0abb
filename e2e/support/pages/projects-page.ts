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

  /**
   * Starts the text import from a file, dialogue in quotes read as speakers, and gives it an EPUB; the import's
   * preview is next.
   */
  async importEpub(fileName: string, book: Uint8Array): Promise<void> {
    await this.page.getByTestId('import-text').click();
    await this.page.getByTestId('import-source-file').click();
    await this.page.getByTestId('import-quoted-dialogue').check();
    await this.page.getByTestId('import-file-input').setInputFiles({
      name: fileName,
      mimeType: 'application/epub+zip',
      buffer: Buffer.from(book),
    });
  }

  async open(title: string): Promise<void> {
    await this.row(title).getByTestId('project-open').click();
    await expect(this.page.getByTestId('editor-title')).toHaveText(title);
  }
}

/** Opens the app's window at the project list and creates a project there, where most journeys begin. */
export async function startNewProject(page: Page, appUrl: string, title: string): Promise<void> {
  await page.goto(appUrl);
  const projects = new ProjectsPage(page);
  await projects.show();
  await projects.create(title);
}
