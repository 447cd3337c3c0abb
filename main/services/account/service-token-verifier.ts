import { IpcError } from '../../../common/ipc/errors.js';
import type { ServiceClient } from '../service-client/index.js';
import { isServiceError } from '../service-client/index.js';
import type { TokenVerifier } from './account-service.js';
import { isServiceNotFound, signInFailure } from './sign-in-failure.js';

/**
 * A task id that cannot exist. Reading it is the most harmless authenticated call the contract offers: a GET
 * that creates nothing and spends no credits. The service's 404 says it looked for the task, a 401 that the
 * token was refused; a 404 page from another server proves neither (sign-in-failure.ts).
 */
const probeTaskId = '00000000-0000-4000-8000-000000000000';

/**
 * A token no service issued. The contract has the task endpoint answer a missing or invalid token with 401
 * (§5.2), so a 404 to this one means the address reaches something that never checks tokens there — the
 * service's own 404 for an unknown route, as under a wrong path such as `…/api` — and the real token's 404 proved
 * nothing.
 */
const refusedProbeToken = 'timbre-sign-in-check-not-a-token';

export class ServiceTokenVerifier implements TokenVerifier {
  constructor(private readonly clientFor: (baseUrl: string) => ServiceClient) {}

  async verify(baseUrl: string, token: string): Promise<void> {
    const answer = await this.probe(baseUrl, token, false);
    if (answer !== 'not-found') return;
    // The token looked accepted: check the address is the task endpoint by seeing it refuse a made-up token.
    const control = await this.probe(baseUrl, refusedProbeToken, true);
    if (control === 'refused') return;
    throw new IpcError({
      code: 'INVALID_INPUT',
      field: 'url',
      message: `${baseUrl} is not a Timbre voice service's address: it answers without checking tokens, so the check proves nothing. Check the Service address field (the address your service's administrator gave you, without /api or another path).`,
    });
  }

  /**
   * 'not-found' when the service looked for the task; for the control probe, 'refused' when the made-up token was
   * refused; throws the plain-words failure otherwise.
   */
  private async probe(
    baseUrl: string,
    token: string,
    isControl: boolean,
  ): Promise<'not-found' | 'refused' | 'found'> {
    try {
      await this.clientFor(baseUrl).getTask(probeTaskId, {
        baseUrl,
        token,
        maxRetries: 1,
        timeoutMs: 15_000,
        // The control probe's 401 is the answer it wants: not a refusal for a problem report to show.
        unrecorded: isControl,
        // The first probe's 404 from the service is the answer it wants: kept for a report, not logged as a failure.
        expects: isServiceNotFound,
      });
      return 'found';
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (isServiceNotFound(error)) return 'not-found';
      if (isControl && error.kind === 'http' && (error.httpStatus === 401 || error.httpStatus === 403))
        return 'refused';
      throw signInFailure(error, baseUrl);
    }
  }
}
