import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readJsonBody, mediaTypeOf } from '../http/read-json-body.js';
import { ok, type Reply } from '../http/reply.js';
import { ServiceError, badRequest } from '../http/service-error.js';
import type { AccountState } from '../state/schema.js';
import type { SubmissionFacts } from '../tasks/task-service.js';
import { MAX_GENERATE_BODY_BYTES } from '../wire-choices.js';
import { readJsonVoiceBody } from '../voices/json-voice-body.js';
import { readMultipartVoiceBody } from '../voices/multipart-voice-body.js';
import { drainRequest, removeFolder, type VoiceUpload } from '../voices/voice-upload.js';
import { voiceView } from '../voices/voice-view.js';
import type { RouteContext } from './route-context.js';

const GENERATE_PATH = '/api/tts/generate';
const VOICE_PATHS = ['/api/voice', '/api/tts/voice'];
const TASK_ID_PATH = /^\/api\/tts\/generate\/([^/]+)$/;
const VOICE_ID_PATH = /^\/api(?:\/tts)?\/voice\/([^/]+)$/;

/** Which submission (for the ledger) a request is, if any. */
export function submissionKindOf(method: string, pathname: string): 'task' | 'voice' | undefined {
  if (method !== 'POST') return undefined;
  if (pathname === GENERATE_PATH) return 'task';
  if (VOICE_PATHS.includes(pathname)) return 'voice';
  return undefined;
}

/** The /api surface: authentication, rate limit, then the operation. */
export async function routeApi(context: RouteContext): Promise<Reply> {
  const { req, url } = context;
  const method = req.method ?? 'GET';
  const operation = findOperation(method, url.pathname);
  if (operation === 'not-found') throw new ServiceError(404, 'NOT_FOUND', `no operation at ${url.pathname}`);
  if (operation === 'wrong-method') {
    throw new ServiceError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${url.pathname}`);
  }
  const account = authenticate(context);
  const limited = context.app.rateLimiter.take(account.token);
  if (!limited.allowed) {
    throw new ServiceError(
      429,
      'RATE_LIMIT_EXCEEDED',
      `more than ${context.app.options.rateLimit} requests per second for this token`,
      { 'Retry-After': String(limited.retryAfterS) },
    );
  }
  return operation(context, account);
}

type Operation = (context: RouteContext, account: AccountState) => Promise<Reply>;

function findOperation(method: string, pathname: string): Operation | 'not-found' | 'wrong-method' {
  const byMethod = (operations: Record<string, Operation>) => operations[method] ?? 'wrong-method';
  if (pathname === GENERATE_PATH) return byMethod({ POST: createTask });
  if (VOICE_PATHS.includes(pathname)) return byMethod({ POST: createVoice });
  if (TASK_ID_PATH.test(pathname)) return byMethod({ GET: getTask });
  if (VOICE_ID_PATH.test(pathname)) return byMethod({ GET: getVoice });
  return 'not-found';
}

function authenticate(context: RouteContext): AccountState {
  if (context.token === null) {
    throw new ServiceError(401, 'UNAUTHORIZED', 'Authorization: Bearer <token> is required');
  }
  const account = context.app.accounts.byToken(context.token);
  if (!account) throw new ServiceError(401, 'UNAUTHORIZED', 'the bearer token is not valid');
  return account;
}

async function createTask(context: RouteContext, account: AccountState): Promise<Reply> {
  if (mediaTypeOf(context.req) !== 'application/json') {
    await drainRequest(context.req);
    throw badRequest('Content-Type must be application/json');
  }
  const body = (await readJsonBody(context.req, MAX_GENERATE_BODY_BYTES)) as Record<string, unknown>;
  const note: SubmissionFacts = {};
  try {
    return ok(await context.app.tasks.submit(account, body, note));
  } finally {
    if (context.submission) {
      context.submission.summary = {
        ...note,
        sync: body.sync,
        srt: body.srt,
        textPreview: previewOf(body),
      };
      if (note.taskId !== undefined) context.submission.taskId = note.taskId;
    }
  }
}

async function getTask(context: RouteContext, account: AccountState): Promise<Reply> {
  const id = decodeURIComponent(TASK_ID_PATH.exec(context.url.pathname)?.[1] ?? '');
  return ok(context.app.tasks.get(account, id, context.advanceOnRead === true));
}

async function createVoice(context: RouteContext, account: AccountState): Promise<Reply> {
  const { app, req } = context;
  const mediaType = mediaTypeOf(req);
  if (mediaType !== 'application/json' && mediaType !== 'multipart/form-data') {
    await drainRequest(req);
    throw badRequest('Content-Type must be application/json or multipart/form-data');
  }
  const tempDir = await fs.mkdtemp(path.join(app.tempRoot, 'voice-'));
  let upload: VoiceUpload | undefined;
  try {
    upload =
      mediaType === 'application/json'
        ? await readJsonVoiceBody(req, tempDir)
        : await readMultipartVoiceBody(req, tempDir);
    const voice = await app.voiceService.create(account, upload);
    if (context.submission) context.submission.voiceId = voice.id;
    return ok(voiceView(voice, app.files));
  } finally {
    if (context.submission) context.submission.summary = voiceSummaryOf(mediaType, upload);
    await removeFolder(tempDir);
  }
}

async function getVoice(context: RouteContext, account: AccountState): Promise<Reply> {
  const id = decodeURIComponent(VOICE_ID_PATH.exec(context.url.pathname)?.[1] ?? '');
  const voice = context.app.voices.findVisibleById(account.userId, id);
  if (!voice) throw new ServiceError(404, 'VOICE_NOT_FOUND', `voice ${id} does not exist`);
  return ok(voiceView(voice, context.app.files));
}

function previewOf(body: Record<string, unknown>): string | undefined {
  if (typeof body.text === 'string') return body.text.slice(0, 80);
  if (Array.isArray(body.contents)) {
    const first: unknown = body.contents[0];
    if (
      typeof first === 'object' &&
      first !== null &&
      typeof (first as { text?: unknown }).text === 'string'
    ) {
      return (first as { text: string }).text.slice(0, 80);
    }
  }
  return undefined;
}

function voiceSummaryOf(mediaType: string, upload: VoiceUpload | undefined): Record<string, unknown> {
  const fields = upload?.fields ?? {};
  return {
    encoding: mediaType === 'application/json' ? 'json' : 'multipart',
    name: fields.name,
    modelVersion: fields.modelVersion,
    language: fields.language,
    lora: fields.lora,
    promptBytes: upload?.files.prompt?.bytes,
    avatarBytes: upload?.files.avatar?.bytes,
  };
}
