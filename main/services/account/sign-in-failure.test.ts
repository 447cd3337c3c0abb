import { describe, expect, it } from 'vitest';
import { ServiceError } from '../service-client/index.js';
import { signInFailure } from './sign-in-failure.js';

const url = 'https://voice.example.com';

/** A connection that failed before the request left, with the system's code, as the exchange reports it. */
function connectionFailure(systemCode: string): ServiceError {
  return new ServiceError({
    kind: 'network',
    code: 'NETWORK_UNREACHABLE',
    message: 'The service could not be reached.',
    retryable: true,
    requestSent: false,
    systemCode,
  });
}

/**
 * The TLS failures a test server cannot easily stage (an expired certificate, one for another host name: the
 * client trusts only the system's authorities), mapped from the codes Node gives them. The self-signed case runs
 * against a real HTTPS server in service-token-verifier.integration.test.ts.
 */
describe('signInFailure', () => {
  it.each([
    ['CERT_HAS_EXPIRED', "the server's certificate has expired"],
    ['ERR_TLS_CERT_ALTNAME_INVALID', "the server's certificate is for another host name"],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'signed by an authority this computer does not trust'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'is its address http:// rather than https://?'],
  ])('says a %s connection is not secure, on the address field', (systemCode, reason) => {
    const failure = signInFailure(connectionFailure(systemCode), url);
    expect(failure.data.field).toBe('url');
    expect(failure.message).toMatch(new RegExp(`^The connection to ${url} is not secure: `));
    expect(failure.message).toContain(reason);
  });

  it('says a service that did not answer in time could not be reached', () => {
    const timeout = new ServiceError({
      kind: 'timeout',
      code: 'TIMEOUT',
      message: 'The service did not answer the task request within 15 s.',
      retryable: true,
      requestSent: true,
    });
    expect(signInFailure(timeout, url).message).toBe(
      `Could not reach ${url}: it did not answer in time. Check the Service address field and this computer's network connection.`,
    );
  });

  it('keeps the service’s own words and request id for an outage, which is no fault of either field', () => {
    const outage = new ServiceError({
      kind: 'http',
      code: 'HTTP_503',
      message: 'The service is unavailable.',
      httpStatus: 503,
      requestId: 'req-503',
      retryable: true,
      requestSent: true,
    });
    const failure = signInFailure(outage, url);
    expect(failure.data).toMatchObject({ httpStatus: 503, requestId: 'req-503' });
    expect(failure.data.field).toBeUndefined();
    expect(failure.message).toBe(`Could not check the token with ${url}: The service is unavailable.`);
  });
});
