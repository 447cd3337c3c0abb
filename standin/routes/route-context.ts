import type { IncomingMessage } from 'node:http';
import type { StandinApp } from '../standin-app.js';

/** Ledger facts a submission route gathers while it works; the server records them with the final status. */
export interface SubmissionNote {
  kind: 'task' | 'voice';
  summary: Record<string, unknown>;
  taskId?: string;
  voiceId?: string;
}

export interface RouteContext {
  app: StandinApp;
  req: IncomingMessage;
  url: URL;
  requestId: string;
  /** The bearer token presented (whether valid or not), for logs and the ledger. */
  token: string | null;
  /** Set for POST /api/tts/generate and POST /api/voice (and its alias). */
  submission: SubmissionNote | undefined;
  /** Set by an `advance-on-read` fault: a task read moves the task one state on (traffic/faults.ts). */
  advanceOnRead?: boolean;
  /** Run once the response was written (e.g. going offline must not cut the admin's own answer). */
  afterResponse: (() => void)[];
}

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), or null. */
export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}
