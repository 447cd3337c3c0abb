import { z } from 'zod';

/** Books uploaded for import: EPUB, Word and XHTML (HTML and plain text are text/*). */
const BOOK_MEDIA_TYPES: readonly string[] = [
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/xhtml+xml',
];
import type { EventNameList, MethodNameList } from './names.js';
import type { Settings, ServiceProfile } from '../settings/settings-schema.js';
import {
  checkThresholdsSchema,
  generationUpdateSchema,
  planSchema,
  serviceUrlSchema,
  themeSchema,
} from '../settings/settings-schema.js';
import type { JobTexts } from '../jobs/job-texts.js';
import type { JobView } from '../jobs/job-view.js';
import type { VoiceView } from '../voices/voice-view.js';
import type { EventSpec, MethodSpec } from './define.js';
import { method } from './define.js';
import type { ProjectEvents } from './project-methods.js';
import { projectMethods } from './project-methods.js';
import type { BatchEvents } from './batch-methods.js';
import { batchMethods } from './batch-methods.js';
import type { MenuCommand } from './menu-commands.js';
import { keyBindingChangeSchema } from '../commands/key-bindings.js';
import { explicitWordsSchema } from '../export/explicit-words.js';
import type { ExportEvents } from './export-methods.js';
import { exportMethods } from './export-methods.js';
import { filesMethods } from './files-methods.js';
import { videoMethods } from './video-methods.js';
import { cliMethods } from './cli-methods.js';
import type { UpdateEvents } from './update-methods.js';
import { updateMethods } from './update-methods.js';
import { supportMethods } from './support-methods.js';
import { welcomeMethods } from './welcome-methods.js';
import type { GenerationEvents } from './generation-methods.js';
import { generationMethods } from './generation-methods.js';
import type { LexiconRule } from '../pronunciation/lexicon-schema.js';
import { lexiconRulesSchema } from '../pronunciation/lexicon-schema.js';

/** What the renderer knows about the app it runs in. */
export interface AppInfo {
  name: string;
  version: string;
  shell: 'electron' | 'browser';
  platform: string;
  dataDir: string;
  /** Whether files.reveal opens the system file manager (else the page shows paths to copy). */
  canReveal: boolean;
  /** The development stand-in started beside the app (`npm start`), with the market voices it offers. */
  devStandin?: { url: string; voiceIds: string[] };
}

/** A saved service as the renderer sees it: never the token, only whether there is one and its last 4 characters. */
export interface ServiceView extends ServiceProfile {
  active: boolean;
  signedIn: boolean;
  maskedToken: string | null;
  /** The keychain could not keep the token, so it lasts only until the app quits. */
  sessionOnly: boolean;
}

export interface SettingsView {
  theme: Settings['theme'];
  /** The take checks' thresholds. */
  checks: Settings['checks'];
  /** When Generate asks first, and the default voice of new projects per service (absent: the defaults). */
  generation?: Settings['generation'];
  /** The keys the user gave commands in Settings (absent or empty: every command has its default keys). */
  keyBindings?: Settings['keyBindings'];
  /** The words a retail sample is checked for (absent: the defaults). */
  explicitWords?: Settings['explicitWords'];
  services: ServiceView[];
  activeServiceUrl: string | null;
  /**
   * The welcome page opens at start: no service is set up and the user has not chosen "Start without signing
   * in" (absent: false).
   */
  showWelcome?: boolean;
}

export interface AudioCacheUsage {
  entries: number;
  bytes: number;
  unusedEntries: number;
  unusedBytes: number;
}

export interface PlatformNotice {
  kind: 'notification' | 'progress';
  title?: string;
  body?: string;
  /** 0..1, or null to clear the taskbar/dock progress. */
  progress?: number | null;
}

const noInput = z.undefined();

/** A bearer token as typed or pasted: one line, no spaces. The message never repeats it. */
const tokenSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(4096, 'must be at most 4096 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be one line of printable characters without spaces');

const jobIdSchema = z.uuid('must be a job id (UUID)');
const stagingIdSchema = z.uuid('must be an upload id (UUID)');

export interface KeychainInfo {
  name: string;
  secure: boolean;
  detail?: string;
}

/**
 * The one IPC contract. Main validates every input against these schemas; the preload and the browser bridge
 * expose exactly these names; the renderer only talks through them.
 */
export const ipcMethods = {
  'app.info': method<AppInfo>()(noInput),
  'settings.get': method<SettingsView>()(noInput),
  'settings.setTheme': method<SettingsView>()(z.object({ theme: themeSchema }).strict()),
  /** The audio cache's size and what no project uses. */
  'cache.usage': method<AudioCacheUsage>()(noInput),
  /** Removes cached takes no project in the projects folder uses. */
  'cache.removeUnused': method<{ removedEntries: number; freedBytes: number }>()(noInput),
  /** A service's pronunciation lexicon, shared by its projects (applied after each project's own). */
  'lexicon.get': method<LexiconRule[]>()(z.object({ serviceUrl: serviceUrlSchema }).strict()),
  /** Replaces a service's lexicon; every project on it sees the change (their affected blocks turn stale). */
  'lexicon.set': method<LexiconRule[]>()(
    z.object({ serviceUrl: serviceUrlSchema, rules: lexiconRulesSchema }).strict(),
  ),
  'settings.setChecks': method<SettingsView>()(z.object({ checks: checkThresholdsSchema.strict() }).strict()),
  /** Changes only the generation settings named (a merge), so two quick saves never undo each other. */
  'settings.setGeneration': method<SettingsView>()(z.object({ generation: generationUpdateSchema }).strict()),
  /** Gives one command new keys (or its defaults back); refused, naming the rule or the other command, in main. */
  'settings.setKeyBinding': method<SettingsView>()(keyBindingChangeSchema),
  /** Replaces the list of explicit words retail samples are checked for. */
  'settings.setExplicitWords': method<SettingsView>()(z.object({ words: explicitWordsSchema }).strict()),
  'services.save': method<SettingsView>()(
    z
      .object({
        url: serviceUrlSchema,
        label: z.string().trim().max(80, 'must be at most 80 characters').default(''),
        plan: planSchema.default('free'),
        /** When editing, the URL the profile had before (so changing the URL keeps one entry). */
        previousUrl: serviceUrlSchema.optional(),
        makeActive: z.boolean().default(true),
      })
      .strict(),
  ),
  'services.remove': method<SettingsView>()(z.object({ url: serviceUrlSchema }).strict()),
  'services.activate': method<SettingsView>()(z.object({ url: serviceUrlSchema }).strict()),
  /** Checks the token with the service, stores it in the keychain and saves the service as active. */
  'account.signIn': method<SettingsView>()(
    z
      .object({
        url: serviceUrlSchema,
        token: tokenSchema,
        label: z.string().trim().max(80, 'must be at most 80 characters').default(''),
        plan: planSchema.default('free'),
        previousUrl: serviceUrlSchema.optional(),
      })
      .strict(),
  ),
  'account.signOut': method<SettingsView>()(z.object({ url: serviceUrlSchema }).strict()),
  /** Where tokens are kept (e.g. libsecret) and whether that store is secure, for Settings to explain. */
  'account.keychain': method<KeychainInfo>()(noInput),
  /** Every job of every service main knows, newest first (the renderer filters by the active service). */
  'jobs.list': method<JobView[]>()(noInput),
  /** Cancels a job that has not reached the service (queued, waiting for the service, outcome unknown). */
  'jobs.cancel': method<JobView>()(z.object({ id: jobIdSchema }).strict()),
  /**
   * Submits a failed, stuck, cancelled or unknown-outcome job again, as a new job linked to the old one. A job the
   * service may have charged already (mayChargeTwice) is sent only with `confirmChargeTwice: true`, given once
   * the user confirmed what it may cost twice; without it main refuses and sends nothing.
   */
  'jobs.retry': method<JobView>()(
    z.object({ id: jobIdSchema, confirmChargeTwice: z.literal(true).optional() }).strict(),
  ),
  /** The texts a task sent, kept with the job, and their estimated credits (a voice job has none). */
  'jobs.texts': method<JobTexts>()(z.object({ id: jobIdSchema }).strict()),
  /** Checks a stuck job at the service again by its id (nothing is sent or charged); it runs again. */
  'jobs.lookAgain': method<JobView>()(z.object({ id: jobIdSchema }).strict()),
  /** Sets a failed job aside: it stops counting under "Needs attention" (nothing is sent). */
  'jobs.dismiss': method<JobView>()(z.object({ id: jobIdSchema }).strict()),
  /** Starts receiving a file (a voice prompt or avatar) in main; chunks follow in order. */
  'staging.begin': method<{ stagingId: string }>()(
    z
      .object({
        fileName: z
          .string()
          .trim()
          .min(1, 'is required')
          .max(255, 'must be at most 255 characters')
          .regex(/^[^/\\\0]+$/, 'must be a file name, not a path'),
        mediaType: z
          .string()
          .refine(
            (value) =>
              /^(audio|video|image|text)\/[\w.+-]+$/u.test(value) || BOOK_MEDIA_TYPES.includes(value),
            'must be an audio, image, text or book (EPUB, Word, XHTML) media type',
          ),
        sizeBytes: z.number().int('must be a whole number').positive('must be more than 0'),
      })
      .strict(),
  ),
  'staging.append': method<{ receivedBytes: number }>()(
    z
      .object({
        stagingId: stagingIdSchema,
        offset: z.number().int('must be a whole number').nonnegative('must not be negative'),
        /** Base64 of at most 1 MiB. */
        data: z.base64('must be base64').max(1_400_000, 'must be at most 1 MiB per chunk'),
      })
      .strict(),
  ),
  'staging.finish': method<{ stagingId: string; sizeBytes: number }>()(
    z.object({ stagingId: stagingIdSchema }).strict(),
  ),
  'staging.discard': method<null>()(z.object({ stagingId: stagingIdSchema }).strict()),
  /** The active service's voice library (works offline, read-only). */
  'voices.list': method<VoiceView[]>()(noInput),
  /** Adds a voice by its id (e.g. a market voice), fetching it from the service. */
  'voices.addById': method<VoiceView>()(
    z
      .object({ id: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters') })
      .strict(),
  ),
  'voices.rename': method<VoiceView>()(
    z
      .object({ id: z.string().min(1), name: z.string().trim().max(80, 'must be at most 80 characters') })
      .strict(),
  ),
  'voices.remove': method<null>()(z.object({ id: z.string().min(1) }).strict()),
  /** Clones a voice from a staged recording or file: a background job the library and Tasks page follow. */
  'voices.create': method<JobView>()(
    z
      .object({
        name: z.string().trim().min(1, 'is required').max(80, 'must be at most 80 characters'),
        description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
        language: z.string().min(1, 'is required'),
        modelVersion: z.enum(['v3.0', 'v4.0']),
        vocalFilter: z.boolean().default(false),
        professional: z.boolean().default(false),
        consent: z.literal(true, 'must be confirmed: the speaker agreed to be cloned'),
        promptStagingId: stagingIdSchema,
        promptSpeechSeconds: z.number().nonnegative().optional(),
        avatarStagingId: stagingIdSchema.optional(),
      })
      .strict(),
  ),
  ...projectMethods,
  ...generationMethods,
  ...filesMethods,
  ...exportMethods,
  ...batchMethods,
  ...videoMethods,
  ...cliMethods,
  ...updateMethods,
  ...supportMethods,
  ...welcomeMethods,
} satisfies Record<string, MethodSpec<z.ZodType, unknown>>;

/** The events main sends, each with its payload. Types only: events carry no schema (main is their source). */
export interface IpcEvents extends BatchEvents, ExportEvents, GenerationEvents, ProjectEvents, UpdateEvents {
  'settings.changed': EventSpec<SettingsView>;
  'platform.notice': EventSpec<PlatformNotice>;
  'jobs.updated': EventSpec<JobView>;
  'jobs.removed': EventSpec<{ id: string }>;
  'jobs.uploadProgress': EventSpec<{ id: string; sentBytes: number; totalBytes: number }>;
  'service.reachability': EventSpec<{ serviceUrl: string; reachable: boolean }>;
  'voices.changed': EventSpec<{ serviceUrl: string; voices: VoiceView[] }>;
  /** The OS asked the app to open a project file (double-click, second launch, command line). */
  'project.openRequested': EventSpec<{ path: string }>;
  /** A native menu item was chosen; the renderer runs it as its shortcut. */
  'menu.command': EventSpec<{ command: MenuCommand }>;
}

export type IpcMethods = typeof ipcMethods;
export type MethodName = keyof IpcMethods;
export type EventName = keyof IpcEvents;
/** What the caller passes (before defaults are applied). */
export type MethodInput<M extends MethodName> = z.input<IpcMethods[M]['input']>;
/** What the handler receives (after validation and defaults). */
export type MethodParsedInput<M extends MethodName> = z.output<IpcMethods[M]['input']>;
export type MethodResult<M extends MethodName> =
  IpcMethods[M] extends MethodSpec<z.ZodType, infer Result> ? Result : never;
export type EventPayload<E extends EventName> =
  IpcEvents[E] extends EventSpec<infer Payload> ? Payload : never;

export const methodNames = Object.keys(ipcMethods) as MethodName[];

// The names the preload checks are listed in names.ts without schemas; these two lines fail to compile if a
// method or event is added here and not there, or the other way round.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodListsAgree: Same<MethodName, MethodNameList> = true;
const eventListsAgree: Same<EventName, EventNameList> = true;
void methodListsAgree;
void eventListsAgree;

export { eventChannel, invokeChannel, isMethodName } from './names.js';
