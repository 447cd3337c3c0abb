import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { FakeService, SeenRequest } from '../../service-client/test-support/fake-service.js';
import {
  envelope,
  errorBody,
  sendJson,
  startFakeService,
} from '../../service-client/test-support/fake-service.js';

/**
 * A scripted stand-in for job manager unit tests: each created task or voice walks through a list of statuses,
 * one step per poll. Hooks let a test misbehave on purpose (fail a POST after creating, rate limit a poll…).
 */
export interface ScriptedResource {
  id: string;
  kind: 'task' | 'voice';
  steps: string[];
  polls: number;
  body: unknown;
  extra: Record<string, unknown>;
}

export type Hook = (
  request: SeenRequest,
  response: http.ServerResponse,
  resource?: ScriptedResource,
) => boolean;

export interface ScriptedService {
  fake: FakeService;
  url: string;
  /** Every resource created, in order (the "ledger"). */
  created: ScriptedResource[];
  taskSteps: string[];
  voiceSteps: string[];
  /** Runs before normal handling; return true when it answered. */
  hooks: Hook[];
  requests(method?: string, pathPrefix?: string): SeenRequest[];
  close(): Promise<void>;
}

export async function startScriptedService(options: { port?: number } = {}): Promise<ScriptedService> {
  const created: ScriptedResource[] = [];
  const service: Partial<ScriptedService> = {
    created,
    taskSteps: ['pending', 'processing', 'generated'],
    voiceSteps: ['creating', 'pending'],
    hooks: [],
  };
  const fake = await startFakeService(
    (request, response) => {
      const state = service as ScriptedService;
      const match = /^\/api\/(tts\/generate|voice)(?:\/([^/?]+))?$/.exec(request.path);
      const kind = match?.[1] === 'voice' ? 'voice' : 'task';
      const resource = match?.[2] ? created.find((candidate) => candidate.id === match[2]) : undefined;
      for (const hook of state.hooks) if (hook(request, response, resource)) return;
      if (!match) return sendJson(response, 404, errorBody(404, 'NOT_FOUND', 'No route.'));
      if (request.method === 'POST' && !match[2]) {
        const fresh: ScriptedResource = {
          id: randomUUID(),
          kind,
          steps: kind === 'task' ? [...state.taskSteps] : [...state.voiceSteps],
          polls: 0,
          body: request.headers['content-type']?.includes('json')
            ? JSON.parse(request.body.toString('utf8'))
            : undefined,
          extra: {},
        };
        created.push(fresh);
        return sendJson(response, 200, envelope(view(fresh)));
      }
      if (request.method === 'GET' && resource) {
        resource.polls += 1;
        return sendJson(response, 200, envelope(view(resource)));
      }
      const code = kind === 'task' ? 'TASK_NOT_FOUND' : 'VOICE_NOT_FOUND';
      return sendJson(response, 404, errorBody(404, code, `No such ${kind}.`));
    },
    options.port === undefined ? {} : { port: options.port },
  );
  Object.assign(service, {
    fake,
    url: fake.url,
    requests: (method?: string, pathPrefix?: string) =>
      fake.requests.filter(
        (request) =>
          (method === undefined || request.method === method) &&
          (pathPrefix === undefined || request.path.startsWith(pathPrefix)),
      ),
    close: () => fake.close(),
  });
  return service as ScriptedService;
}

/** The resource as the service shows it: the status is the step reached by the number of polls so far. */
function view(resource: ScriptedResource): Record<string, unknown> {
  const status = resource.steps[Math.min(resource.polls, resource.steps.length - 1)] ?? 'pending';
  if (resource.kind === 'voice') {
    return {
      id: resource.id,
      idForGenerate: `gen-${resource.id}`,
      name: 'Scripted voice',
      status,
      metadata: { prompts: [] },
      ...resource.extra,
    };
  }
  const body = resource.body as { contents?: Array<Record<string, unknown>> } | undefined;
  const contents = (body?.contents ?? []).map((block, index) => ({
    ...block,
    ...(status === 'generated'
      ? {
          audio: `http://127.0.0.1/files/${resource.id}-${index}.mp3`,
          generatedAt: new Date(0).toISOString(),
        }
      : {}),
  }));
  return {
    id: resource.id,
    userId: 'user-1',
    status,
    type: 'tts',
    metadata: {
      contents,
      characters: 42,
      voices: [],
      isPremium: false,
      srt: false,
      ...(status === 'failed' ? { failureReason: 'The voice could not be loaded.' } : {}),
    },
    ...resource.extra,
  };
}
