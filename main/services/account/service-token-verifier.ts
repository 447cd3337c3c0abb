import { IpcError } from '../../../common/ipc/errors.js';
import type { ServiceClient } from '../service-client/index.js';
import { isServiceError } from '../service-client/index.js';
import { serviceErrorToIpc } from './service-error-to-ipc.js';
import type { TokenVerifier } from './account-service.js';

/**
 * A task id that cannot exist. Reading it is the most harmless authenticated call the contract offers: a 404
 * proves the token was accepted (the service looked for the task), a 401 proves it was not, and no credits move.
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
      if (error.kind === 'http' && error.httpStatus === 404) return;
      if (error.kind === 'http' && error.httpStatus === 401) {
        throw new IpcError({
          code: 'SERVICE_ERROR',
          field: 'token',
          httpStatus: 401,
          serviceCode: error.code,
          ...(error.requestId ? { requestId: error.requestId } : {}),
          message: `The service at ${baseUrl} refused this token (401 Unauthorized). Check that you pasted the whole token.`,
        });
      }
      throw serviceErrorToIpc(error, `Could not check the token with ${baseUrl}`);
    }
  }
}
