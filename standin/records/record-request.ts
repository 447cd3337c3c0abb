import type { ServiceError } from '../http/service-error.js';
import type { RouteContext } from '../routes/route-context.js';
import type { StandinApp } from '../standin-app.js';
import type { FaultRule } from '../traffic/faults.js';

export interface RequestOutcome {
  /** HTTP status sent, 0 when a fault dropped the connection. */
  status: number;
  failure: ServiceError | undefined;
  fault: FaultRule | undefined;
  /** Epoch ms when the request arrived. */
  started: number;
}

/** Adds a finished request to the request log and, for a task or voice submission, to the ledger. */
export function recordRequest(app: StandinApp, context: RouteContext, outcome: RequestOutcome): void {
  const { req, url, requestId, token, submission } = context;
  const { status, failure, fault, started } = outcome;
  const method = req.method ?? 'GET';
  app.requestLog.add({
    at: new Date(started).toISOString(),
    requestId,
    method,
    path: url.pathname,
    token,
    status,
    ...(failure ? { code: failure.code } : {}),
    ...(fault ? { fault: fault.mode } : {}),
    durationMs: Date.now() - started,
  });
  if (!submission) return;
  const detail = [failure?.detail, fault ? `fault ${fault.mode}` : undefined].filter(Boolean).join('; ');
  app.ledger.record({
    requestId,
    method,
    path: url.pathname,
    token,
    kind: submission.kind,
    summary: submission.summary,
    status,
    ...(failure ? { code: failure.code } : {}),
    ...(detail !== '' ? { detail } : {}),
    ...(submission.taskId !== undefined ? { taskId: submission.taskId } : {}),
    ...(submission.voiceId !== undefined ? { voiceId: submission.voiceId } : {}),
  });
}
