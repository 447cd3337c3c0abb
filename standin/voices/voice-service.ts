import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { AccountBook } from '../accounts/account-book.js';
import { measureSpeechSeconds } from '../audio/speech-meter.js';
import { nowIso, sleep } from '../clock.js';
import type { FileSpace } from '../files/file-space.js';
import { extensionForUpload } from '../files/media-extension.js';
import { ServiceError } from '../http/service-error.js';
import { REALISTIC_TIMINGS_MS, scaledMs } from '../options.js';
import type { AccountState, VoiceRecord } from '../state/schema.js';
import { MIN_PROMPT_SPEECH_S, UNFINISHED_VOICE_STATUSES, type VoiceStatus } from '../wire-choices.js';
import { parseVoiceFields, type VoiceFields } from './voice-fields.js';
import { touch, type VoiceRegistry } from './voice-registry.js';
import type { UploadedFile, VoiceUpload } from './voice-upload.js';

export interface VoiceServiceDeps {
  voices: VoiceRegistry;
  accounts: AccountBook;
  files: FileSpace;
  speed: number;
  failRate: number;
  random: () => number;
  /** Aborted on close: lifecycle timers stop, unfinished voices resume at the next start. */
  signal: AbortSignal;
  log: (line: string) => void;
}

const VARIANTS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm7', 'f1', 'f2', 'f3', 'f4', 'f5'];
export const DEFAULT_AVATAR_PATH = '/files/avatars/default.svg';

/**
 * Voice creation and the voice lifecycle: quick clones go `creating` → `pending`, professional clones
 * `lora-pending` → `lora-awaiting` → `lora-success`; a failure ends in `failed` with `metadata.failureReason`
 * (and refunds a consumed professional-clone quota).
 */
export class VoiceService {
  constructor(private readonly deps: VoiceServiceDeps) {}

  async create(account: AccountState, upload: VoiceUpload): Promise<VoiceRecord> {
    const fields = parseVoiceFields(upload);
    const prompt = upload.files.prompt;
    if (!prompt) throw new Error('parseVoiceFields guarantees a prompt');
    const professional = fields.lora !== undefined;
    if (professional) {
      if (!account.proCloneAccess) {
        throw new ServiceError(
          403,
          'PRO_CLONE_FORBIDDEN',
          'this account has no professional-cloning (lora) access',
        );
      }
      // The contract: quota is consumed first and refunded automatically if a later step fails.
      this.deps.accounts.consumeProCloneQuota(account);
    }
    try {
      await this.checkSpeech(prompt);
      // Closing while the prompt was measured: store nothing (the data folder may be on its way out).
      if (this.deps.signal.aborted)
        throw new ServiceError(503, 'SERVICE_UNAVAILABLE', 'the service is shutting down');
      const voice = await this.store(account, fields, upload);
      this.schedule(voice);
      return voice;
    } catch (error) {
      if (professional) this.deps.accounts.refundProCloneQuota(account);
      throw error;
    }
  }

  /** Voices left unfinished by a previous run continue their lifecycle. */
  resumeUnfinished(): void {
    for (const voice of this.deps.voices.all()) {
      if ((UNFINISHED_VOICE_STATUSES as readonly string[]).includes(voice.status)) this.schedule(voice);
    }
  }

  private async checkSpeech(prompt: UploadedFile): Promise<void> {
    let speechS: number;
    try {
      speechS = await measureSpeechSeconds(prompt.filePath, MIN_PROMPT_SPEECH_S);
    } catch (error) {
      throw new ServiceError(
        400,
        'VOICE_PROMPT_INVALID',
        `prompt could not be decoded as audio (${(error as Error).message})`,
      );
    }
    if (speechS < MIN_PROMPT_SPEECH_S) {
      throw new ServiceError(
        400,
        'VOICE_PROMPT_TOO_SHORT',
        `prompt must hold at least ${MIN_PROMPT_SPEECH_S} seconds of speech; ${speechS.toFixed(1)} s were detected`,
      );
    }
  }

  private async store(account: AccountState, fields: VoiceFields, upload: VoiceUpload): Promise<VoiceRecord> {
    const id = randomUUID();
    const promptPath = await this.keep(id, upload.files.prompt);
    const avatarPath = (await this.keep(id, upload.files.avatar)) ?? DEFAULT_AVATAR_PATH;
    if (promptPath === undefined) throw new Error('prompt file vanished before it was stored');
    const now = nowIso();
    const hash = createHash('sha256').update(id).digest();
    const voice: VoiceRecord = {
      id,
      idForGenerate: randomUUID(),
      userId: account.userId,
      from: 'user',
      kind: fields.lora !== undefined ? 'pro' : 'quick',
      name: fields.name,
      description: fields.description,
      language: fields.language,
      modelVersion: fields.modelVersion,
      status: fields.lora !== undefined ? 'lora-pending' : 'creating',
      ...(fields.lora !== undefined ? { lora: fields.lora } : {}),
      vocalFilter: fields.vocalFilter,
      avatarPath,
      quotaConsumed: fields.lora !== undefined,
      styles: [
        {
          id: 'default',
          name: 'Default',
          description: 'The reference recording.',
          language: fields.language,
          vocalFilter: fields.vocalFilter,
          audioPath: promptPath,
          pitchOffset: 0,
          rateFactor: 1,
        },
      ],
      // Each clone gets its own eSpeak variant, pitch and pace so cloned voices sound different.
      synth: {
        variant: VARIANTS[(hash[0] ?? 0) % VARIANTS.length] ?? 'm1',
        pitch: 25 + ((hash[1] ?? 0) % 51),
        wordsPerMinute: 150 + ((hash[2] ?? 0) % 41),
        language: fields.language === 'auto' ? 'en' : fields.language,
      },
      createdAt: now,
      updatedAt: now,
      extras: {
        ...fields.passThrough,
        ...(fields.isTest !== undefined ? { isTest: fields.isTest } : {}),
        encoding: upload.encoding,
      },
    };
    this.deps.voices.add(voice);
    return voice;
  }

  /** Moves an uploaded file into the served files; returns its /files path. */
  private async keep(voiceId: string, file: UploadedFile | undefined): Promise<string | undefined> {
    if (!file) return undefined;
    const extension = await extensionForUpload(file.filePath, file.mediaType);
    const urlPath = this.deps.files.urlPathOf(`voices/${voiceId}/${file.field}.${extension}`);
    const target = this.deps.files.diskPathOf(urlPath);
    if (target === undefined) throw new Error(`cannot store ${file.field}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(file.filePath, target);
    return urlPath;
  }

  private schedule(voice: VoiceRecord): void {
    void this.runLifecycle(voice).catch((error: unknown) => {
      if (this.deps.signal.aborted) return;
      this.deps.log(`voice ${voice.id} lifecycle error: ${(error as Error).message}`);
    });
  }

  private async runLifecycle(voice: VoiceRecord): Promise<void> {
    const { speed, signal } = this.deps;
    const failing = this.deps.random() < this.deps.failRate;
    if (voice.kind === 'quick') {
      await sleep(scaledMs(REALISTIC_TIMINGS_MS.quickClone, speed), signal);
      if (failing) this.fail(voice, 'voice cloning failed (simulated by --fail-rate)');
      else this.set(voice, 'pending');
      return;
    }
    if (voice.status === 'lora-pending') {
      await sleep(scaledMs(REALISTIC_TIMINGS_MS.loraQueue, speed), signal);
      this.set(voice, 'lora-awaiting');
    }
    await sleep(scaledMs(REALISTIC_TIMINGS_MS.loraTraining, speed), signal);
    if (failing) this.fail(voice, 'professional-clone training failed (simulated by --fail-rate)');
    else this.set(voice, 'lora-success');
  }

  private set(voice: VoiceRecord, status: VoiceStatus): void {
    touch(voice, { status });
    this.deps.voices.changed();
  }

  private fail(voice: VoiceRecord, reason: string): void {
    touch(voice, { status: 'failed', failureReason: reason });
    if (voice.quotaConsumed && voice.userId !== null) {
      const owner = this.deps.accounts.byUserId(voice.userId);
      if (owner) this.deps.accounts.refundProCloneQuota(owner);
      touch(voice, { quotaConsumed: false });
    }
    this.deps.voices.changed();
  }
}
