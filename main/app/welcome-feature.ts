import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { SettingsService } from '../services/settings/settings-service.js';

export interface WelcomeFeatureDeps {
  settings: SettingsService;
  /** The settings view, answered after the choice is kept (it no longer asks for the welcome page). */
  view: () => ReturnType<MethodHandlers['settings.get']>;
}

/** The first-run welcome page's way out without a service; signing in from it is `account.signIn`. */
export function createWelcomeFeature({ settings, view }: WelcomeFeatureDeps) {
  const handlers: Pick<MethodHandlers, 'welcome.dismiss'> = {
    'welcome.dismiss': async () => {
      await settings.dismissWelcome();
      return view();
    },
  };
  return handlers;
}
