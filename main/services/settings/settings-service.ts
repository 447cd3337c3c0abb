import { rename } from 'node:fs/promises';
import type { CheckThresholds } from '../../../common/audio/take-checks.js';
import type {
  GenerationUpdate,
  ServiceProfile,
  Settings,
  Theme,
} from '../../../common/settings/settings-schema.js';
import {
  defaultSettings,
  settingsSchema,
  updatedGenerationSettings,
} from '../../../common/settings/settings-schema.js';
import { explicitWordsSchema } from '../../../common/export/explicit-words.js';
import { IpcError } from '../../../common/ipc/errors.js';
import type { KeyBindingChange } from '../../../common/commands/key-bindings.js';
import {
  keyBindingChangeProblem,
  readKeyBindings,
  withKeyBinding,
} from '../../../common/commands/key-bindings.js';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import type { Logger } from '../logging/logger.js';

export interface SaveServiceInput {
  url: string;
  label: string;
  plan: ServiceProfile['plan'];
  previousUrl?: string | undefined;
  makeActive: boolean;
}

/**
 * Non-secret settings, kept in one JSON file. Tokens never come here: they live in the keychain (SecretStore).
 * Writes are atomic and serialised, so a crash or two quick edits never leave a half-written file.
 */
export class SettingsService {
  private settings: Settings = structuredClone(defaultSettings);
  private saving: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<(settings: Settings) => void>();

  constructor(
    private readonly filePath: string,
    private readonly logger: Logger,
  ) {}

  /** Reads the file; a damaged one is moved aside (never silently overwritten) and defaults are used. */
  async load(): Promise<Settings> {
    const text = await readFileIfExists(this.filePath);
    if (text === undefined) return this.current();
    const stored = safeJsonParse(text);
    const parsed = settingsSchema.safeParse(stored);
    if (parsed.success) {
      this.settings = parsed.data;
      // Bad key bindings are dropped one by one (keyBindingsSchema), never a reason to set the file aside.
      for (const dropped of readKeyBindings(keyBindingsIn(stored)).dropped) this.logger.warn(dropped);
    } else {
      const aside = `${this.filePath}.damaged-${Date.now()}`;
      await rename(this.filePath, aside);
      this.logger.warn(`Settings file was damaged; kept it as ${aside} and started from defaults.`);
    }
    return this.current();
  }

  current(): Settings {
    return structuredClone(this.settings);
  }

  activeService(): ServiceProfile | undefined {
    return this.settings.services.find((service) => service.url === this.settings.activeServiceUrl);
  }

  onChange(listener: (settings: Settings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setTheme(theme: Theme): Promise<Settings> {
    return this.update((settings) => ({ ...settings, theme }));
  }

  /** "Start without signing in": the welcome page stays closed at the next starts. */
  dismissWelcome(): Promise<Settings> {
    return this.update((settings) => ({ ...settings, welcomeDismissed: true }));
  }

  setChecks(checks: CheckThresholds): Promise<Settings> {
    return this.update((settings) => ({ ...settings, checks }));
  }

  setExplicitWords(explicitWords: readonly string[]): Promise<Settings> {
    // Held to the list's rules here: the file is read leniently (a hand-edited word is dropped), a change is not.
    return this.update((settings) => ({
      ...settings,
      explicitWords: explicitWordsSchema.parse(explicitWords),
    }));
  }

  /** Switches automatic update checks on or off (an organisation's feed URL is kept as it is). */
  setAutomaticUpdateChecks(automaticChecks: boolean): Promise<Settings> {
    return this.update((settings) => ({ ...settings, updates: { ...settings.updates, automaticChecks } }));
  }

  /**
   * Applies a change to the generation settings onto the current ones, in turn with other updates: saving the
   * credit limit and picking a voice close together keep both (a whole-settings replace made from the page's copy
   * lost whichever was saved first).
   */
  setGeneration(update: GenerationUpdate): Promise<Settings> {
    return this.update((settings) => {
      const next = updatedGenerationSettings(settings.generation, update);
      if (!next.ok) {
        throw new IpcError({
          code: 'INVALID_INPUT',
          field: 'generation.defaultVoices',
          message: next.message,
        });
      }
      return { ...settings, generation: next.settings };
    });
  }

  /**
   * Gives one command new keys, or its defaults back (keys null). Refused, saying why: INVALID_INPUT for a malformed
   * key or one kept for text boxes, CONFLICT for a key that already belongs to another command (named), so every
   * key stays one command's.
   */
  setKeyBinding(change: KeyBindingChange, mac: boolean): Promise<Settings> {
    return this.update((settings) => {
      const problem = keyBindingChangeProblem(change, settings.keyBindings, mac);
      if (problem !== null)
        throw new IpcError({ code: problem.code, field: 'keys', message: problem.message });
      return { ...settings, keyBindings: withKeyBinding(settings.keyBindings, change) };
    });
  }

  saveService(input: SaveServiceInput): Promise<Settings> {
    return this.update((settings) => {
      const replacedUrl = input.previousUrl ?? input.url;
      if (input.url !== replacedUrl && settings.services.some((service) => service.url === input.url)) {
        throw new IpcError({
          code: 'CONFLICT',
          field: 'url',
          message: `A service with the URL ${input.url} is already saved.`,
        });
      }
      const profile: ServiceProfile = { url: input.url, label: input.label, plan: input.plan };
      const index = settings.services.findIndex((service) => service.url === replacedUrl);
      const services =
        index === -1
          ? [...settings.services, profile]
          : settings.services.map((service, i) => (i === index ? profile : service));
      const wasActive = settings.activeServiceUrl === replacedUrl;
      const activeServiceUrl = input.makeActive || wasActive ? input.url : settings.activeServiceUrl;
      // Someone who has saved a service has met the app: removing it later opens Settings, not the welcome page.
      return { ...settings, services, activeServiceUrl, welcomeDismissed: true };
    });
  }

  removeService(url: string): Promise<Settings> {
    return this.update((settings) => {
      this.requireService(settings, url);
      const services = settings.services.filter((service) => service.url !== url);
      const activeServiceUrl =
        settings.activeServiceUrl === url ? (services[0]?.url ?? null) : settings.activeServiceUrl;
      return { ...settings, services, activeServiceUrl };
    });
  }

  activateService(url: string): Promise<Settings> {
    return this.update((settings) => {
      this.requireService(settings, url);
      return { ...settings, activeServiceUrl: url };
    });
  }

  private requireService(settings: Settings, url: string): void {
    if (!settings.services.some((service) => service.url === url)) {
      throw new IpcError({
        code: 'NOT_FOUND',
        field: 'url',
        message: `No saved service has the URL ${url}.`,
      });
    }
  }

  private async update(change: (settings: Settings) => Settings): Promise<Settings> {
    const run = this.saving.then(async () => {
      const next = settingsSchema.parse(change(this.current()));
      await writeJsonAtomic(this.filePath, next);
      this.settings = next;
      for (const listener of this.listeners) listener(this.current());
    });
    // Keep the chain alive after a failed update so later edits still run.
    this.saving = run.catch(() => undefined);
    await run;
    return this.current();
  }
}

function keyBindingsIn(stored: unknown): unknown {
  return typeof stored === 'object' && stored !== null
    ? (stored as { keyBindings?: unknown }).keyBindings
    : undefined;
}

function safeJsonParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
