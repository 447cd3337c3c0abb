import type { ServiceClient } from '../service-client/index.js';
import { isServiceError } from '../service-client/index.js';
import type { TokenVerifier } from './account-service.js';
import { isServiceNotFound, signInFailure } from './sign-in-failure.js';

/**
 * A task id that cannot exist. Reading it is the most harmless authenticated call the contract offers: a GET
 * that creates nothing and spends no credits. The service's 404 proves the token was accepted (it looked for the
 * task), a 401 proves it was not; a 404 page from another server proves neither (sign-in-failure.ts).
 */
const probeTaskId = '00000000-0000-4000-8000-000000000000';

export class ServiceTokenVerifier implements TokenVerifier {
  constructor(private readonly clientFor: (baseUrl: string) => ServiceClient) {}

  async verify(baseUrl: string, token: string): Promise<void> {
    try {
      await this.clientFor(baseUrl).getTask(probeTaskId, {
        baseUrl,
        token,
        maxRetries: 1,
        timeoutMs: 15_000,
      });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (isServiceNotFound(error)) return;
      throw signInFailure(error, baseUrl);
    }
  }
}
