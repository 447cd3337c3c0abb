import { z } from 'zod';
import { DEFAULT_CHECK_THRESHOLDS } from '../audio/take-checks.js';
import { keyBindingsSchema } from '../commands/key-bindings.js';
import { DEFAULT_EXPLICIT_WORDS, storedExplicitWordsSchema } from '../export/explicit-words.js';

/** Appearance follows the OS unless the user picks one. */
export const themeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

/** The contract has no account endpoint, so the user states their plan; the UI uses it to explain paid-only features. */
export const planSchema = z.enum(['free', 'paid']);
export type Plan = z.infer<typeof planSchema>;

/**
 * A service base URL: absolute http(s), no credentials, query or fragment; stored normalised. Messages never
 * echo the input, because users sometimes paste the token into the URL field.
 */
export const serviceUrlSchema = z
  .string()
  .superRefine((value, context) => {
    const problem = serviceUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  // Only reached when the refinement passed (zod stops at the first failing step), so parsing cannot throw.
  .transform(normaliseServiceUrl);

const maxServiceUrlLength = 2048;

/** The rule a base URL breaks, in words that follow the field's name ("url must …"), or null. */
export function serviceUrlProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'is required';
  if (trimmed.length > maxServiceUrlLength) return `must be at most ${maxServiceUrlLength} characters`;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'must be an absolute http:// or https:// URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `must use http:// or https:// (got "${url.protocol}")`;
  }
  // Credentials would land in the keychain's clear-text account name; a query or fragment would split one
  // service into several entries.
  if (url.username !== '' || url.password !== '') {
    return 'must not contain a user name or password; the token goes in its own field';
  }
  if (url.search !== '' || url.hash !== '') return 'must not contain a query (?…) or fragment (#…)';
  return null;
}

export const serviceProfileSchema = z.object({
  url: serviceUrlSchema,
  label: z.string().trim().max(80, 'must be at most 80 characters'),
  plan: planSchema,
});
export type ServiceProfile = z.infer<typeof serviceProfileSchema>;

/** The take checks' thresholds (common/audio/take-checks.ts), with the ranges the Settings page allows. */
export const checkThresholdsSchema = z.object({
  durationTolerance: z.number().min(0.05, 'must be at least 5 %').max(1, 'must be at most 100 %'),
  longPauseMs: z.number().int().min(500, 'must be at least 0.5 s').max(30_000, 'must be at most 30 s'),
  edgeSilenceMs: z.number().int().min(100, 'must be at least 0.1 s').max(30_000, 'must be at most 30 s'),
  loudnessToleranceDb: z.number().min(1, 'must be at least 1 dB').max(40, 'must be at most 40 dB'),
  clippedSamples: z
    .number()
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1,000,000'),
});

/** A voice of one service, as the default of new projects made while that service is active. */
const defaultVoiceSchema = z.object({
  voiceId: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  voiceName: z.string().max(200, 'must be at most 200 characters'),
});

/** Default voices are kept for at most this many services (one per service URL; a user has a handful). */
const MAX_DEFAULT_VOICES = 100;

const confirmAboveCreditsSchema = z
  .number()
  .int('must be a whole number')
  .min(0, 'must be 0 or more (0 asks before every generation)')
  .max(100_000_000, 'must be at most 100,000,000');

/**
 * A record keyed by service URL, of at most MAX_DEFAULT_VOICES entries; `keyProblem` says what is wrong with a
 * key (checked here, not by a key schema, so the message names the rule rather than "Invalid key in record").
 */
function defaultVoicesRecord<Value extends z.ZodType>(
  keyProblem: (url: string) => string | null,
  value: Value,
) {
  return z.record(z.string(), value).superRefine((voices, context) => {
    const urls = Object.keys(voices);
    if (urls.length > MAX_DEFAULT_VOICES) {
      context.addIssue({ code: 'custom', message: `must name at most ${MAX_DEFAULT_VOICES} services` });
    }
    for (const url of urls) {
      const problem = keyProblem(url);
      if (problem) context.addIssue({ code: 'custom', path: [url], message: `a service URL ${problem}` });
    }
  });
}

/** How generation asks before it spends: the credit figure above which Generate asks first. */
export const generationSettingsSchema = z.object({
  confirmAboveCredits: confirmAboveCreditsSchema,
  /**
   * The voice new projects and imports start with, per service URL (voice ids belong to one service). A stored
   * key is only held to a URL's length: a file is never thrown away for a key written by an earlier version.
   */
  defaultVoices: defaultVoicesRecord(
    (url) => (url.length > maxServiceUrlLength ? `must be at most ${maxServiceUrlLength} characters` : null),
    defaultVoiceSchema,
  ),
});
export type GenerationSettings = z.infer<typeof generationSettingsSchema>;

/**
 * A change to the generation settings: only what it names changes, so saving the credit limit and picking a voice
 * close together keep both. `defaultVoices` sets the voice of each service it names (null: none, a ready voice in
 * the project's language); the other services' voices stay.
 */
export const generationUpdateSchema = z
  .object({
    confirmAboveCredits: confirmAboveCreditsSchema.optional(),
    defaultVoices: defaultVoicesRecord(serviceUrlProblem, defaultVoiceSchema.strict().nullable()).optional(),
  })
  .strict();
export type GenerationUpdate = z.infer<typeof generationUpdateSchema>;

/**
 * The settings after an update, or the rule the result would break: at most MAX_DEFAULT_VOICES services keep a
 * default voice.
 */
export function updatedGenerationSettings(
  current: GenerationSettings,
  update: GenerationUpdate,
): { ok: true; settings: GenerationSettings } | { ok: false; message: string } {
  const defaultVoices = { ...current.defaultVoices };
  for (const [url, voice] of Object.entries(update.defaultVoices ?? {})) {
    if (voice === null) delete defaultVoices[url];
    else defaultVoices[url] = voice;
  }
  if (Object.keys(defaultVoices).length > MAX_DEFAULT_VOICES) {
    return {
      ok: false,
      message: `Default voices are kept for at most ${MAX_DEFAULT_VOICES} services; set one of them back to "a ready voice in the project's language" first.`,
    };
  }
  return {
    ok: true,
    settings: {
      confirmAboveCredits: update.confirmAboveCredits ?? current.confirmAboveCredits,
      defaultVoices,
    },
  };
}

/**
 * 5,000 credits: at one credit a character, about five minutes of speech, a long chapter. Below it, generating
 * costs less than a short re-read; above it, a slip (a default change, a whole book) is worth a second look.
 */
export const DEFAULT_GENERATION_SETTINGS: GenerationSettings = {
  confirmAboveCredits: 5_000,
  defaultVoices: {},
};

/**
 * Updates of the installed app. Read leniently: a hand-edited value falls back to the default rather than setting
 * the whole file aside. `feedUrl` is an organisation's own generic HTTPS feed, checked where it is used
 * (common/updates/update-state.ts), so a bad one is reported in Settings instead of losing the file.
 */
const updateSettingsSchema = z.object({
  automaticChecks: z.boolean().catch(true),
  feedUrl: z.string().optional().catch(undefined),
});

export const settingsSchema = z.object({
  schemaVersion: z.literal(1),
  theme: themeSchema,
  services: z.array(serviceProfileSchema),
  activeServiceUrl: z.string().nullable(),
  /**
   * Added after version 1 shipped: the user chose "Start without signing in" on the welcome page, so it is not
   * shown at start again (Settings → Service reopens it). Files without it, or with a hand-broken value: false.
   */
  welcomeDismissed: z.boolean().default(false).catch(false),
  /** Added after version 1 shipped: files without it get the defaults. */
  checks: checkThresholdsSchema.default(DEFAULT_CHECK_THRESHOLDS),
  /** Added after version 1 shipped: files without it get the defaults. */
  generation: generationSettingsSchema.default(DEFAULT_GENERATION_SETTINGS),
  /** Added after version 1 shipped: the keys the user gave commands (none: every command has its defaults). */
  keyBindings: keyBindingsSchema.default({}),
  /** Added after version 1 shipped: the words a retail sample is checked for (files without it get the defaults). */
  explicitWords: storedExplicitWordsSchema,
  /** Added after version 1 shipped: automatic update checks are on unless the user switched them off. */
  updates: updateSettingsSchema.default({ automaticChecks: true }).catch({ automaticChecks: true }),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  schemaVersion: 1,
  theme: 'system',
  services: [],
  activeServiceUrl: null,
  welcomeDismissed: false,
  checks: DEFAULT_CHECK_THRESHOLDS,
  generation: DEFAULT_GENERATION_SETTINGS,
  keyBindings: {},
  explicitWords: [...DEFAULT_EXPLICIT_WORDS],
  updates: { automaticChecks: true },
};

/** Lower-case scheme and host (URL does that), no trailing slash, so one service has exactly one key. */
export function normaliseServiceUrl(value: string): string {
  const url = new URL(value.trim());
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathname}`;
}
