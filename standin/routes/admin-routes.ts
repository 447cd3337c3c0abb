import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { readJsonBody } from '../http/read-json-body.js';
import { ok, type Reply } from '../http/reply.js';
import { ServiceError, badParams } from '../http/service-error.js';
import type { StandinApp } from '../standin-app.js';
import { parseInlineSplitter } from '../tasks/text-splitter.js';
import type { RouteContext } from './route-context.js';

export const ADMIN_PREFIX = '/__standin/';

/** What the admin surface may ask of the HTTP server itself. */
export interface ServerControls {
  /** Answers first, then refuses connections for `durationMs` (stops listening) and listens again. */
  goOfflineFor(durationMs: number): void;
}

const accountChangeSchema = z.object({
  credits: z.number().nonnegative().optional(),
  proCloneQuota: z.number().int().nonnegative().optional(),
  proCloneAccess: z.boolean().optional(),
});
const queueSchema = z.object({ paused: z.boolean() });
const offlineSchema = z.object({ durationMs: z.number().int().min(1).max(600_000) });

/**
 * The stand-in's own surface for tests (only with `--admin`): ledgers, accounts, sentence timings, fault
 * injection, queue pause, offline. Answers use the same envelope as the API.
 */
export async function routeAdmin(context: RouteContext, controls: ServerControls): Promise<Reply> {
  const { app, req, url } = context;
  const method = req.method ?? 'GET';
  const route = url.pathname.slice(ADMIN_PREFIX.length);
  const parts = route.split('/').map(decodeURIComponent);
  const body = async () => (method === 'GET' || method === 'DELETE' ? {} : readJsonBody(req, 1024 * 1024));

  if (method === 'GET' && route === 'info') {
    const { log: _log, accounts: _accounts, ...settings } = app.options;
    return ok({ url: app.files.origin, dataDir: app.dataDir, settings });
  }
  if (method === 'GET' && route === 'ledger') {
    return ok(
      app.ledger.entries({
        ...optionalParam(url, 'kind'),
        ...optionalParam(url, 'token'),
      }),
    );
  }
  if (method === 'GET' && route === 'requests') {
    return ok(
      app.requestLog.list({
        ...optionalParam(url, 'pathPrefix', 'pathPrefix'),
        ...optionalParam(url, 'method'),
      }),
    );
  }
  if (method === 'DELETE' && route === 'requests') {
    app.requestLog.clear();
    return ok({ cleared: true });
  }
  if (method === 'GET' && route === 'accounts') return ok(accountsView(app));
  if (method === 'POST' && parts[0] === 'accounts' && parts.length === 2) {
    const account = app.accounts.byToken(parts[1] ?? '');
    if (!account) throw new ServiceError(404, 'NOT_FOUND', `no account with token ${parts[1] ?? ''}`);
    app.accounts.adjust(account, parse(accountChangeSchema, await body()));
    return ok(accountsView(app).find((view) => view.token === account.token));
  }
  if (method === 'GET' && route === 'tasks') {
    return ok(
      app.store.state.tasks.map((task) => ({
        id: task.id,
        token: task.token,
        status: task.status,
        sequence: task.sequence,
        isPremium: task.isPremium,
        createdAt: task.createdAt,
        startedAt: task.startedAt,
        finishedAt: task.finishedAt,
        failureReason: task.failureReason,
      })),
    );
  }
  if (method === 'GET' && parts[0] === 'tasks' && parts[2] === 'timings' && parts.length === 3) {
    const task = app.tasks.find(parts[1] ?? '');
    if (!task) throw new ServiceError(404, 'TASK_NOT_FOUND', `task ${parts[1] ?? ''} does not exist`);
    return ok({ taskId: task.id, status: task.status, segments: task.timings ?? [] });
  }
  if (route === 'faults') {
    if (method === 'GET') return ok(app.faults.list());
    if (method === 'DELETE') {
      app.faults.clear();
      return ok({ cleared: true });
    }
    if (method === 'POST') {
      const input = await body();
      try {
        return ok(app.faults.add(input));
      } catch (error) {
        throw badParams(
          `fault rule is invalid: ${error instanceof z.ZodError ? describe(error) : String(error)}`,
        );
      }
    }
  }
  if (method === 'POST' && route === 'queue') {
    app.tasks.queue.setPaused(parse(queueSchema, await body()).paused);
    return ok({ paused: app.tasks.queue.isPaused, waiting: app.tasks.queue.waitingIds() });
  }
  if (method === 'GET' && route === 'queue') {
    return ok({ paused: app.tasks.queue.isPaused, waiting: app.tasks.queue.waitingIds() });
  }
  if (method === 'POST' && route === 'offline') {
    const { durationMs } = parse(offlineSchema, await body());
    context.afterResponse.push(() => controls.goOfflineFor(durationMs));
    return ok({ offline: true, durationMs });
  }
  if (route === 'splitters') {
    if (method === 'GET') return ok(app.store.state.splitters);
    if (method === 'POST') return ok(addSplitter(app, await body()));
  }
  if (method === 'GET' && route === 'process') {
    // maxRSS is in kilobytes; it is the peak of the whole process since it started.
    return ok({
      pid: process.pid,
      rssBytes: process.memoryUsage.rss(),
      peakRssBytes: process.resourceUsage().maxRSS * 1024,
    });
  }
  throw new ServiceError(404, 'NOT_FOUND', `no admin operation ${method} ${url.pathname}`);
}

function accountsView(app: StandinApp) {
  return app.accounts.all().map((account) => ({
    ...account,
    availableCredits: app.accounts.availableCredits(account),
  }));
}

function addSplitter(app: StandinApp, input: unknown) {
  const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const { id, name, ...rest } = source;
  const rules = parseInlineSplitter(rest);
  const splitter = {
    id: typeof id === 'string' && id !== '' ? id : randomUUID(),
    name: typeof name === 'string' ? name : 'Saved splitter',
    mode: rules.mode,
    maxLength: rules.maxLength,
    blockDefaults: rules.blockDefaults,
  };
  app.store.state.splitters = [
    ...app.store.state.splitters.filter((saved) => saved.id !== splitter.id),
    splitter,
  ];
  app.store.changed();
  return splitter;
}

function optionalParam(url: URL, name: string, key = name): Record<string, string> {
  const value = url.searchParams.get(name);
  return value === null ? {} : { [key]: value };
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw badParams(describe(result.error));
  return result.data;
}

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}
