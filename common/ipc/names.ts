/**
 * The names of the IPC contract's methods and events, and its channels, with no schema attached: what the
 * preload needs to refuse unknown names without bundling zod and every schema. contract.ts checks at compile
 * time that these lists are exactly its keys, so they cannot drift apart.
 */
export const METHOD_NAMES = [
  'app.info',
  'settings.get',
  'settings.setTheme',
  'settings.setChecks',
  'settings.setGeneration',
  'settings.setKeyBinding',
  'settings.setExplicitWords',
  'cache.usage',
  'cache.removeUnused',
  'lexicon.get',
  'lexicon.set',
  'services.save',
  'services.remove',
  'services.activate',
  'account.signIn',
  'account.signOut',
  'account.keychain',
  'welcome.dismiss',
  'jobs.list',
  'jobs.cancel',
  'jobs.retry',
  'jobs.texts',
  'jobs.lookAgain',
  'jobs.dismiss',
  'staging.begin',
  'staging.append',
  'staging.finish',
  'staging.discard',
  'voices.list',
  'voices.addById',
  'voices.rename',
  'voices.remove',
  'voices.create',
  'projects.list',
  'projects.recent',
  'projects.create',
  'projects.open',
  'projects.save',
  'projects.savePatch',
  'projects.saveAsNew',
  'projects.rename',
  'projects.duplicate',
  'projects.delete',
  'projects.importText',
  'projects.importStaged',
  'projects.previewImport',
  'projects.readRevision',
  'projects.cancelImport',
  'projects.openPath',
  'projects.restoreBackup',
  'generation.start',
  'generation.lookup',
  'generation.refetch',
  'generation.media',
  'generation.waveforms',
  'files.chooseFolder',
  'files.openChooser',
  'files.chooserAnswer',
  'files.closeChooser',
  'files.reveal',
  'export.defaultFolder',
  'export.chooseDestination',
  'export.start',
  'export.generateThenExport',
  'export.check',
  'export.cancel',
  'export.dialogOpened',
  'export.dialogClosed',
  'batch.get',
  'batch.add',
  'batch.pause',
  'batch.resume',
  'batch.cancel',
  'batch.retry',
  'batch.remove',
  'batch.clearFinished',
  'batch.summary',
  'video.choose',
  'video.probe',
  'video.status',
  'video.locate',
  'updates.get',
  'updates.check',
  'updates.setAutomatic',
  'updates.restart',
  'support.suggestedPath',
  'support.chooseDestination',
  'support.saveReport',
  'cli.status',
  'cli.install',
  'cli.uninstall',
] as const;

export const EVENT_NAMES = [
  'settings.changed',
  'platform.notice',
  'jobs.updated',
  'jobs.removed',
  'jobs.uploadProgress',
  'service.reachability',
  'voices.changed',
  'project.openRequested',
  'generation.updated',
  'export.progress',
  'menu.command',
  'batch.changed',
  'batch.progress',
  'export.finished',
  'projects.importProgress',
  'projects.listCounted',
  'updates.changed',
] as const;

export type MethodNameList = (typeof METHOD_NAMES)[number];
export type EventNameList = (typeof EVENT_NAMES)[number];

const methodSet: ReadonlySet<string> = new Set(METHOD_NAMES);
const eventSet: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isMethodName(value: unknown): value is MethodNameList {
  return typeof value === 'string' && methodSet.has(value);
}

export function isEventName(value: unknown): value is EventNameList {
  return typeof value === 'string' && eventSet.has(value);
}

/** Channel names used on the wire (Electron IPC and the browser shell's WebSocket). */
export const invokeChannel = 'timbre:invoke';
export const eventChannel = 'timbre:event';
