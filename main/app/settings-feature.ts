import type { SettingsView } from '../../common/ipc/contract.js';
import type { Settings } from '../../common/settings/settings-schema.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { EventHub } from '../ipc/event-hub.js';
import type { AccountService } from '../services/account/account-service.js';
import type { SettingsService } from '../services/settings/settings-service.js';
import type { JobRegistry } from './job-registry.js';

export interface SettingsFeatureDeps {
  settings: SettingsService;
  accounts: AccountService;
  jobs: JobRegistry;
  events: EventHub;
}

type SettingsHandlers = Pick<
  MethodHandlers,
  | 'settings.get'
  | 'settings.setTheme'
  | 'settings.setChecks'
  | 'settings.setGeneration'
  | 'settings.setKeyBinding'
  | 'settings.setExplicitWords'
  | 'services.save'
  | 'services.remove'
  | 'services.activate'
>;

/**
 * Theme and saved services. What the renderer sees of a service is its settings plus "signed in" and a masked
 * token, never the token; every change is pushed as `settings.changed`.
 */
export function createSettingsFeature({ settings, accounts, jobs, events }: SettingsFeatureDeps) {
  const view = async (current: Settings = settings.current()): Promise<SettingsView> => ({
    theme: current.theme,
    checks: current.checks,
    generation: current.generation,
    keyBindings: current.keyBindings,
    explicitWords: current.explicitWords,
    activeServiceUrl: current.activeServiceUrl,
    showWelcome: current.services.length === 0 && !current.welcomeDismissed,
    services: await Promise.all(
      current.services.map(async (service) => ({
        ...service,
        active: service.url === current.activeServiceUrl,
        ...(await accounts.status(service.url)),
      })),
    ),
  });
  settings.onChange((current) => {
    void view(current).then((next) => events.emit('settings.changed', next));
  });

  const handlers: SettingsHandlers = {
    'settings.get': () => view(),
    'settings.setTheme': async ({ theme }) => view(await settings.setTheme(theme)),
    'settings.setChecks': async ({ checks }) => view(await settings.setChecks(checks)),
    'settings.setGeneration': async ({ generation }) => view(await settings.setGeneration(generation)),
    // Keys are checked against this machine's defaults (Cmd+, opens Settings on a Mac, Ctrl+5 elsewhere).
    'settings.setKeyBinding': async (change) =>
      view(await settings.setKeyBinding(change, process.platform === 'darwin')),
    'settings.setExplicitWords': async ({ words }) => view(await settings.setExplicitWords(words)),
    'services.save': async (input) => {
      const saved = await settings.saveService(input);
      await jobs.manager(input.url);
      return view(saved);
    },
    'services.remove': async ({ url }) => {
      await accounts.signOut(url);
      return view(await settings.removeService(url));
    },
    'services.activate': async ({ url }) => view(await settings.activateService(url)),
  };
  return { handlers, view };
}
