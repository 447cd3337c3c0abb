import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Settings: services, sign-in and theme. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  async show(): Promise<void> {
    await this.page.getByTestId('nav-settings').click();
  }

  /** Fills the add-service form and saves it (the service checks the token). */
  async addService(url: string, token: string, plan: 'free' | 'paid' = 'paid'): Promise<void> {
    await this.page.getByTestId('add-service').click();
    await this.page.getByTestId('service-url-input').fill(url);
    await this.page.getByTestId('service-plan-select').selectOption(plan);
    await this.page.getByTestId('service-token-input').fill(token);
    await this.page.getByTestId('save-service').click();
  }

  async expectSignInState(text: string): Promise<void> {
    await expect(this.page.getByTestId('sign-in-state')).toHaveText(text);
  }
}
