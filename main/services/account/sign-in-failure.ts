import { IpcError } from '../../../common/ipc/errors.js';
import type { ServiceError } from '../service-client/index.js';
import { tlsProblem } from '../service-client/http-exchange.js';
import { serviceErrorToIpc } from './service-error-to-ipc.js';

/**
 * Whether a 404 to the probe came from a voice service that looked for the task (so it accepted the token), not
 * from a web server that has no such page. The service answers with its request-id header and a JSON error body
 * carrying a code; a plain 404 page has neither (its code stays the decoder's `HTTP_404`).
 */
export function isServiceNotFound(error: ServiceError): boolean {
  return (
    error.kind === 'http' &&
    error.httpStatus === 404 &&
    (error.requestId !== undefined || error.code !== 'HTTP_404')
  );
}

/**
 * What a failed sign-in check means, in plain words naming the field to fix: the token (refused), the service
 * address (not this kind of service, unreachable, not secure); anything else (rate limits, outages) keeps the
 * service's own message and request id.
 */
export function signInFailure(error: ServiceError, baseUrl: string): IpcError {
  const withId = error.requestId === undefined ? {} : { requestId: error.requestId };
  const status = error.httpStatus;
  if (error.kind === 'http' && (status === 401 || status === 403)) {
    const why =
      status === 401 ? '401 Unauthorized' : '403 Forbidden: the token is known but may not use this service';
    return new IpcError({
      code: 'SERVICE_ERROR',
      field: 'token',
      httpStatus: status,
      serviceCode: error.code,
      ...withId,
      message: `The service did not accept this token (${why}). Check the Access token field: paste the whole token, made for ${baseUrl}.`,
    });
  }
  if (error.kind === 'http' && status !== undefined && status >= 300 && status < 400) {
    // The client follows no redirect (it would carry the token to wherever it points): the address must be exact.
    const likelyFix = baseUrl.startsWith('http://') ? ' (https:// rather than http://?)' : '';
    return new IpcError({
      code: 'INVALID_INPUT',
      field: 'url',
      httpStatus: status,
      ...withId,
      message: `${baseUrl} sent the check elsewhere (a redirect, HTTP ${status}) instead of answering it. Check the Service address field: give the address the service answers at${likelyFix}.`,
    });
  }
  const answered = notThisServiceAnswer(error);
  if (answered !== undefined) {
    return new IpcError({
      code: 'INVALID_INPUT',
      field: 'url',
      ...(status === undefined ? {} : { httpStatus: status }),
      ...withId,
      message: `${baseUrl} is not a Timbre voice service: it answered ${answered}. Check the Service address field (the address your service's administrator gave you, without /api).`,
    });
  }
  const tls = tlsProblem(error.systemCode);
  if (error.kind === 'network' && tls !== undefined) {
    // Not TLS at all, or a failed handshake: no certificate was at fault, so renewing one would not help.
    const certificateAtFault =
      error.systemCode !== 'ERR_SSL_WRONG_VERSION_NUMBER' && error.systemCode !== 'EPROTO';
    return new IpcError({
      code: 'SERVICE_ERROR',
      field: 'url',
      message: `The connection to ${baseUrl} is not secure: ${tls}. The token was not sent. Check the Service address field${certificateAtFault ? ", or ask the service's administrator to renew its certificate" : ''}.`,
    });
  }
  if (error.kind === 'timeout' || (error.kind === 'network' && !error.requestSent)) {
    return new IpcError({
      code: 'SERVICE_ERROR',
      field: 'url',
      message: `Could not reach ${baseUrl}: ${unreachableReason(error)}. Check the Service address field and this computer's network connection.`,
    });
  }
  return serviceErrorToIpc(error, `Could not check the token with ${baseUrl}`);
}

/** What a server that is not the voice service answered, or undefined when the answer came from the service. */
function notThisServiceAnswer(error: ServiceError): string | undefined {
  if (error.kind === 'invalid-response') return `something other than the service's JSON (${error.message})`;
  if (error.kind !== 'http' || error.httpStatus === undefined) return undefined;
  if (error.httpStatus === 404 && !isServiceNotFound(error)) {
    return "404 Not Found with a page of its own, not the service's JSON error";
  }
  // 405 and the like: the address answers, but not as the contract's task endpoint does.
  if (error.httpStatus === 405 || error.httpStatus === 501) {
    return `HTTP ${error.httpStatus} to the service's task endpoint`;
  }
  return undefined;
}

function unreachableReason(error: ServiceError): string {
  if (error.kind === 'timeout') return 'it did not answer in time';
  switch (error.systemCode) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'no computer answers to that host name (check its spelling)';
    case 'ECONNREFUSED':
      return 'nothing accepts connections at that address and port (is the service running there?)';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network is unreachable';
    default:
      return 'the connection failed';
  }
}
