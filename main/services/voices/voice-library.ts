import { canonicalJson } from '../../../common/project/canonical-json.js';
import type { JobRecord } from '../jobs/index.js';
import type { Logger } from '../logging/logger.js';
import type { CallOptions, ServiceResult, VoiceData } from '../service-client/index.js';
import { isServiceError } from '../service-client/index.js';
import type { VoiceEntry } from './voice-entry.js';
import type { RemovedVoice } from './voice-file.js';
import {
  loadVoiceFile,
  MAX_REMOVED_JOB_IDS,
  MAX_REMOVED_VOICES,
  saveVoiceFile,
  voiceFilePath,
} from './voice-file.js';
import type { VoiceJobDetails } from './voice-from-job.js';
import { effectOfVoiceJob } from './voice-from-job.js';
import { entryFromService } from './voice-from-service.js';
import { checkLocalName, checkServiceUrl, checkVoiceId } from './voice-inputs.js';
import { VoiceLibraryError } from './voice-library-error.js';

/** What the library needs of a service client (ServiceClient fits). */
export interface VoiceReader {
  /** The service the client talks to, with its token: checked against the library's service. */
  readonly baseUrl: string;
  getVoice(id: string, options?: CallOptions): Promise<ServiceResult<VoiceData>>;
}

export interface VoiceLibraryOptions {
  /** The app's data folder; libraries go to `<dataDir>/voices/<service>.json`. */
  dataDir: string;
  logger?: Logger;
  /** The clock for `addedAt` / `updatedAt` (tests pass a fixed one). */
  now?: () => Date;
}

export type VoiceLibraryListener = (serviceUrl: string) => void;

/** One service's library in memory. Entries are never mutated in place: every change builds new objects. */
interface Shelf {
  readonly serviceUrl: string;
  readonly filePath: string;
  voices: Map<string, VoiceEntry>;
  removedJobIds: string[];
  removedVoices: RemovedVoice[];
}

/** The working copy a change edits; it replaces the shelf only once it is on disk. */
interface Draft {
  voices: Map<string, VoiceEntry>;
  removedJobIds: string[];
  removedVoices: RemovedVoice[];
}

/**
 * The user's voices, per service, kept on disk so the library can be read offline: voices cloned here (driven
 * by the job manager's voice jobs) and voices added by id (e.g. market voices). Each service has its own
 * zod-checked JSON file, written atomically; changes to one service run one at a time, and listeners hear
 * about a change once it is on disk.
 */
export class VoiceLibrary {
  private readonly dataDir: string;
  private readonly logger: Logger | undefined;
  private readonly now: () => Date;
  private readonly shelves = new Map<string, Promise<Shelf>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<VoiceLibraryListener>();

  constructor(options: VoiceLibraryOptions) {
    this.dataDir = options.dataDir;
    this.logger = options.logger;
    this.now = options.now ?? (() => new Date());
  }

  /** Every voice of a service, newest first (by when it was added or its creation was submitted). */
  async list(serviceUrl: string): Promise<VoiceEntry[]> {
    const url = checkServiceUrl(serviceUrl);
    return this.exclusive(url, (shelf) =>
      [...shelf.voices.values()]
        .sort((a, b) => b.addedAt.localeCompare(a.addedAt) || a.id.localeCompare(b.id))
        .map(copy),
    );
  }

  async get(serviceUrl: string, id: string): Promise<VoiceEntry | undefined> {
    const url = checkServiceUrl(serviceUrl);
    return this.exclusive(url, (shelf) => {
      const entry = shelf.voices.get(id);
      return entry === undefined ? undefined : copy(entry);
    });
  }

  /**
   * Adds a voice by its id (`GET /api/voice/{id}`), e.g. a market voice. A voice already in the library is
   * refreshed instead (its local name and origin are kept). Either of a voice's ids is taken: its generation id
   * is resolved through the library and the voices removed from it. An unknown id is a VOICE_NOT_FOUND error
   * naming the id; other service failures are thrown as the client's ServiceError.
   */
  async addById(serviceUrl: string, id: string, client: VoiceReader): Promise<VoiceEntry> {
    const url = checkServiceUrl(serviceUrl);
    const given = checkVoiceId(id);
    // The service looks voices up by their voice id; a generation id (what cards and projects show) is turned
    // into it through the library, or through the voices removed from it.
    const voiceId = await this.exclusive(url, (shelf) => {
      for (const entry of shelf.voices.values()) if (entry.idForGenerate === given) return entry.id;
      return shelf.removedVoices.findLast((removed) => removed.idForGenerate === given)?.id ?? given;
    });
    const { data, requestId } = await this.fetchVoice(url, voiceId, client);
    return this.change(url, (draft) => {
      const previous = draft.voices.get(data.id);
      const entry = entryFromService(previous, data, { origin: 'added', now: this.isoNow(), requestId });
      return { result: this.put(draft, previous, entry), changed: true };
    });
  }

  /** Reads a voice of the library again from the service (its status, styles, name). */
  async refresh(serviceUrl: string, id: string, client: VoiceReader): Promise<VoiceEntry> {
    const url = checkServiceUrl(serviceUrl);
    const current = await this.get(url, id);
    if (current === undefined) throw notInLibrary(id);
    if (current.jobId !== undefined && current.id === current.jobId) {
      throw new VoiceLibraryError(
        'VOICE_NOT_CREATED_YET',
        `The voice "${current.serviceName}" has no service id yet: its creation has not been answered by the service.`,
        { field: 'id' },
      );
    }
    const { data, requestId } = await this.fetchVoice(url, id, client);
    return this.change(url, (draft) => {
      // Removed while the request was out: the user's removal wins.
      const previous = draft.voices.get(id);
      if (previous === undefined) throw notInLibrary(id);
      const entry = entryFromService(previous, data, {
        origin: previous.origin,
        now: this.isoNow(),
        requestId,
      });
      if (data.id !== id) draft.voices.delete(id);
      return { result: this.put(draft, draft.voices.get(data.id), entry), changed: true };
    });
  }

  /**
   * Applies one snapshot of a voice job (call it on every job update, and with every job at start). Before
   * the service answered, the voice is kept under the job's id as `creating`; once the job holds the
   * service's voice it becomes that voice. Idempotent: the same snapshot applied twice changes nothing, and a
   * job whose voice the user removed never brings it back. Task jobs are ignored. `details` (what the caller
   * submitted: professional clone, language…) fill what the job record does not carry.
   */
  async applyVoiceJob(job: JobRecord, details?: VoiceJobDetails): Promise<VoiceEntry | undefined> {
    if (job.kind !== 'voice') return undefined;
    const url = checkServiceUrl(job.serviceUrl);
    return this.change(url, (draft) => {
      if (draft.removedJobIds.includes(job.id)) return { result: undefined, changed: false };
      const effect = effectOfVoiceJob(draft.voices, job, details, this.isoNow());
      switch (effect.kind) {
        case 'none': {
          const existing = [...draft.voices.values()].find((entry) => entry.jobId === job.id);
          return { result: existing === undefined ? undefined : copy(existing), changed: false };
        }
        case 'remove':
          for (const id of effect.removeIds) draft.voices.delete(id);
          return { result: undefined, changed: true };
        case 'upsert': {
          const previous = draft.voices.get(effect.entry.id);
          const before = previous === undefined ? undefined : canonicalJson(previous);
          for (const id of effect.removeIds) draft.voices.delete(id);
          for (const jobId of effect.supersededJobIds) rememberRemovedJob(draft, jobId);
          const result = this.put(draft, previous, effect.entry);
          const changed =
            effect.removeIds.length > 0 ||
            effect.supersededJobIds.length > 0 ||
            before !== canonicalJson(draft.voices.get(result.id));
          return { result, changed };
        }
      }
    });
  }

  /** Renames a voice locally (1–80 characters once trimmed); an empty name goes back to the service's name. */
  async rename(serviceUrl: string, id: string, localName: string): Promise<VoiceEntry> {
    const url = checkServiceUrl(serviceUrl);
    const name = checkLocalName(localName);
    return this.change(url, (draft) => {
      const previous = draft.voices.get(id);
      if (previous === undefined) throw notInLibrary(id);
      const { localName: _old, ...rest } = previous;
      const entry: VoiceEntry = name === undefined ? rest : { ...rest, localName: name };
      entry.updatedAt = this.isoNow();
      const changed = !sameVoice(previous, entry);
      return { result: this.put(draft, previous, entry), changed };
    });
  }

  /**
   * Removes a voice from the library (the service keeps it). A voice created by a job stays removed even when
   * that job is applied again. Returns whether there was anything to remove.
   */
  async remove(serviceUrl: string, id: string): Promise<boolean> {
    const url = checkServiceUrl(serviceUrl);
    return this.change(url, (draft) => {
      const previous = draft.voices.get(id);
      if (previous === undefined) return { result: false, changed: false };
      draft.voices.delete(id);
      if (previous.jobId !== undefined) rememberRemovedJob(draft, previous.jobId);
      rememberRemovedVoice(draft, previous);
      return { result: true, changed: true };
    });
  }

  /** Subscribes to changes (called with the service URL once the change is on disk); returns the unsubscribe. */
  onChange(listener: VoiceLibraryListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Resolves once every change asked for so far has been written (e.g. before quitting). */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.queues.values()]);
  }

  // ---- internals ----------------------------------------------------------------------------------------

  private async fetchVoice(
    serviceUrl: string,
    id: string,
    client: VoiceReader,
  ): Promise<ServiceResult<VoiceData>> {
    if (checkServiceUrl(client.baseUrl) !== serviceUrl) {
      // The client carries its own service's token; sending it to another service would leak it.
      throw new VoiceLibraryError(
        'CLIENT_SERVICE_MISMATCH',
        `The service client given is for ${client.baseUrl}, not for ${serviceUrl}.`,
        { field: 'serviceUrl' },
      );
    }
    try {
      return await client.getVoice(id);
    } catch (error) {
      if (isServiceError(error) && error.kind === 'http' && error.httpStatus === 404) {
        throw new VoiceLibraryError(
          'VOICE_NOT_FOUND',
          `No voice with the id "${id}" was found on ${serviceUrl}. Use the voice's id (its card shows it as ` +
            '"Voice id"); a generation id is only known for voices this library has held. A voice of another ' +
            'account is not visible.',
          { field: 'id', requestId: error.requestId, httpStatus: 404 },
        );
      }
      throw error;
    }
  }

  /**
   * Stores `entry` in the draft; when nothing but the bookkeeping changed, the previous `updatedAt` is kept so
   * the list does not reorder or flash for a change the user cannot see.
   */
  private put(draft: Draft, previous: VoiceEntry | undefined, entry: VoiceEntry): VoiceEntry {
    if (previous !== undefined && sameVoice(previous, entry)) entry.updatedAt = previous.updatedAt;
    draft.voices.set(entry.id, entry);
    return copy(entry);
  }

  /** Runs a change on a working copy, writes it if it changed anything, then publishes it and tells listeners. */
  private async change<Result>(
    serviceUrl: string,
    apply: (draft: Draft) => { result: Result; changed: boolean },
  ): Promise<Result> {
    const { result, changed } = await this.exclusive(serviceUrl, async (shelf) => {
      const draft: Draft = {
        voices: new Map(shelf.voices),
        removedJobIds: [...shelf.removedJobIds],
        removedVoices: [...shelf.removedVoices],
      };
      const outcome = apply(draft);
      if (outcome.changed) {
        await saveVoiceFile(shelf.filePath, serviceUrl, {
          voices: [...draft.voices.values()],
          removedJobIds: draft.removedJobIds,
          removedVoices: draft.removedVoices,
        });
        shelf.voices = draft.voices;
        shelf.removedJobIds = draft.removedJobIds;
        shelf.removedVoices = draft.removedVoices;
      }
      return outcome;
    });
    if (changed) this.notify(serviceUrl);
    return result;
  }

  /** One operation at a time per service, so a read never sees half a change and writes never interleave. */
  private exclusive<Result>(
    serviceUrl: string,
    task: (shelf: Shelf) => Result | Promise<Result>,
  ): Promise<Result> {
    const previous = this.queues.get(serviceUrl) ?? Promise.resolve();
    const run = previous.then(async () => task(await this.shelf(serviceUrl)));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(serviceUrl, settled);
    void settled.then(() => {
      if (this.queues.get(serviceUrl) === settled) this.queues.delete(serviceUrl);
    });
    return run;
  }

  private shelf(serviceUrl: string): Promise<Shelf> {
    let shelf = this.shelves.get(serviceUrl);
    if (shelf === undefined) {
      shelf = this.loadShelf(serviceUrl);
      this.shelves.set(serviceUrl, shelf);
      // A failed read (permissions, disk) is not remembered: the next call tries again.
      shelf.catch(() => this.shelves.delete(serviceUrl));
    }
    return shelf;
  }

  private async loadShelf(serviceUrl: string): Promise<Shelf> {
    const filePath = voiceFilePath(this.dataDir, serviceUrl);
    const { state, damage } = await loadVoiceFile(filePath, serviceUrl);
    if (damage !== undefined) {
      this.logger?.warn(
        `Voice library: ${damage.reason}; the file was moved aside and ${damage.keptVoices} voice(s) kept`,
        { file: filePath, movedTo: damage.movedTo, dropped: damage.droppedVoices },
      );
      // Write what was kept at once, so the next start reads a sound file.
      await saveVoiceFile(filePath, serviceUrl, state);
    }
    return {
      serviceUrl,
      filePath,
      voices: new Map(state.voices.map((entry) => [entry.id, entry])),
      removedJobIds: state.removedJobIds,
      removedVoices: state.removedVoices,
    };
  }

  private notify(serviceUrl: string): void {
    for (const listener of this.listeners) {
      try {
        listener(serviceUrl);
      } catch (error) {
        this.logger?.error('Voice library: a change listener failed', error);
      }
    }
  }

  private isoNow(): string {
    return this.now().toISOString();
  }
}

function rememberRemovedVoice(draft: Draft, entry: VoiceEntry): void {
  const kept = draft.removedVoices.filter((removed) => removed.id !== entry.id);
  kept.push({ id: entry.id, idForGenerate: entry.idForGenerate });
  draft.removedVoices = kept.slice(-MAX_REMOVED_VOICES);
}

function rememberRemovedJob(draft: Draft, jobId: string): void {
  if (draft.removedJobIds.includes(jobId)) return;
  draft.removedJobIds.push(jobId);
  if (draft.removedJobIds.length > MAX_REMOVED_JOB_IDS) draft.removedJobIds.shift();
}

/** Equal for the user: everything but the timestamps and the job bookkeeping. */
function sameVoice(a: VoiceEntry, b: VoiceEntry): boolean {
  const visible = ({ updatedAt: _u, jobUpdatedAt: _j, ...rest }: VoiceEntry) => canonicalJson(rest);
  return visible(a) === visible(b);
}

function copy(entry: VoiceEntry): VoiceEntry {
  return structuredClone(entry);
}

function notInLibrary(id: string): VoiceLibraryError {
  return new VoiceLibraryError('VOICE_NOT_IN_LIBRARY', `The library has no voice with the id "${id}".`, {
    field: 'id',
  });
}
