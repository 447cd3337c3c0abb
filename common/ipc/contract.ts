import { z } from 'zod';
import type { Settings, ServiceProfile } from '../settings/settings-schema.js';
import { planSchema, serviceUrlSchema, themeSchema } from '../settings/settings-schema.js';
import type { JobView } from '../jobs/job-view.js';
import type { EventSpec, MethodSpec } from './define.js';
import { event, method } from './define.js';

/** What the renderer knows about the app it runs in. */
export interface AppInfo {
  name: string;
  version: string;
  shell: 'electron' | 'browser';
  platform: string;
  dataDir: string;
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
  services: ServiceView[];
  activeServiceUrl: string | null;
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
  /** Submits a failed, stuck, cancelled or unknown-outcome job again, as a new job linked to the old one. */
  'jobs.retry': method<JobView>()(z.object({ id: jobIdSchema }).strict()),
} satisfies Record<string, MethodSpec<z.ZodType, unknown>>;

export const ipcEvents = {
  'settings.changed': event<SettingsView>(),
  'platform.notice': event<PlatformNotice>(),
  'jobs.updated': event<JobView>(),
  'jobs.removed': event<{ id: string }>(),
  'jobs.uploadProgress': event<{ id: string; sentBytes: number; totalBytes: number }>(),
  'service.reachability': event<{ serviceUrl: string; reachable: boolean }>(),
  /** The OS asked the app to open a project file (double-click, second launch, command line). */
  'project.openRequested': event<{ path: string }>(),
} satisfies Record<string, EventSpec<unknown>>;

export type IpcMethods = typeof ipcMethods;
export type IpcEvents = typeof ipcEvents;
export type MethodName = keyof IpcMethods;
export type EventName = keyof IpcEvents;
/** What the caller passes (before defaults are applied). */
export type MethodInput<M extends MethodName> = z.input<IpcMethods[M]['input']>;
/** What the handler receives (after validation and defaults). */
export type MethodParsedInput<M extends MethodName> = z.output<IpcMethods[M]['input']>;
export type MethodResult<M extends MethodName> = NonNullable<IpcMethods[M]['result']>;
export type EventPayload<E extends EventName> = NonNullable<IpcEvents[E]['payload']>;

export const methodNames = Object.keys(ipcMethods) as MethodName[];
export const eventNames = Object.keys(ipcEvents) as EventName[];

export function isMethodName(value: unknown): value is MethodName {
  return typeof value === 'string' && Object.hasOwn(ipcMethods, value);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(ipcEvents, value);
}

/** Channel names used on the wire (Electron IPC and the browser shell's WebSocket). */
export const invokeChannel = 'timbre:invoke';
export const eventChannel = 'timbre:event';
