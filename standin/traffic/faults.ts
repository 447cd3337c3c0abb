import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ErrorCode } from '../wire-choices.js';

/**
 * Fault injection for client tests. A rule matches requests by method and path prefix and applies to the next
 * `count` of them:
 * - `status`: answer with an error status (and a plausible code) without processing the request;
 * - `drop-before`: close the connection without processing the request;
 * - `drop-after`: process the request fully (a task IS created), then close the connection instead of answering;
 * - `hang`: wait `hangMs` before processing, then answer normally (clients with shorter timeouts give up first);
 * - `advance-on-read`: a task read (`GET /api/tts/generate/{id}`) shows the task as a service that works out a
 *   task's status only when it is read would: each such read moves it one state on (pending → processing →
 *   generated or failed, never past where the stand-in really is), and `generatedAt` is the read that found it
 *   done. Such services are legal (the contract does not say what moves a task to `generated`); clients that
 *   learn a service's speed from finish times see only their own reads.
 *
 * `every: n` spreads a rule out: it applies to every n-th matching request only (the others pass to the next
 * rule, or are served), so "every 3rd download is reset" can be said. Each rule counts its own matches.
 */
export const faultRuleInputSchema = z.object({
  mode: z.enum(['status', 'drop-before', 'drop-after', 'hang', 'advance-on-read']),
  count: z.number().int().min(1).default(1),
  status: z.number().int().min(400).max(599).default(503),
  code: z.string().min(1).optional(),
  message: z.string().optional(),
  retryAfterS: z.number().int().min(0).optional(),
  hangMs: z.number().int().min(0).default(30_000),
  method: z
    .string()
    .transform((method) => method.toUpperCase())
    .optional(),
  pathPrefix: z.string().startsWith('/').default('/api/'),
  every: z.number().int().min(1).default(1),
});
export type FaultRuleInput = z.input<typeof faultRuleInputSchema>;
export type FaultRule = z.output<typeof faultRuleInputSchema> & {
  id: string;
  remaining: number;
  /** Matching requests seen so far (for `every`). */
  matched: number;
};

const DEFAULT_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  429: 'RATE_LIMIT_EXCEEDED',
  500: 'INTERNAL_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

export function defaultCodeForStatus(status: number): ErrorCode {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_BAD_REQUEST');
}

export class FaultBook {
  private rules: FaultRule[] = [];

  add(input: unknown): FaultRule {
    const parsed = faultRuleInputSchema.parse(input);
    const rule: FaultRule = { ...parsed, id: randomUUID(), remaining: parsed.count, matched: 0 };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  clear(): void {
    this.rules = [];
  }

  /** Consumes one use of the first rule matching the request, if any. */
  take(method: string, path: string): FaultRule | undefined {
    const matching = this.rules.filter(
      (candidate) =>
        candidate.remaining > 0 &&
        path.startsWith(candidate.pathPrefix) &&
        (candidate.method === undefined || candidate.method === method.toUpperCase()),
    );
    let rule: FaultRule | undefined;
    for (const candidate of matching) {
      candidate.matched += 1;
      if (rule === undefined && candidate.matched % candidate.every === 0) rule = candidate;
    }
    if (!rule) return undefined;
    rule.remaining -= 1;
    if (rule.remaining === 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return { ...rule };
  }
}
