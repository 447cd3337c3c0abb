import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IpcError } from '../../../common/ipc/errors.js';
import type { RunningStandin } from '../../../standin/index.js';
import { startStandin } from '../../../standin/index.js';
import { RecentRequests, ServiceClient } from '../service-client/index.js';
import { ServiceTokenVerifier } from './service-token-verifier.js';

/**
 * The sign-in check against real servers made here: one that refuses every token, a web server with an HTML 404
 * page, a web page answering 200 for every path, a closed port, an HTTPS server whose certificate is self-signed
 * (made with openssl at test time) and the stand-in. Each failure names its field and says what it means.
 */
const verifier = new ServiceTokenVerifier(
  (baseUrl) =>
    new ServiceClient({ baseUrl, getToken: () => undefined, retry: { baseDelayMs: 1, maxDelayMs: 1 } }),
);

async function failureOf(baseUrl: string, token = 'some-token'): Promise<IpcError> {
  const caught = await verifier.verify(baseUrl, token).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(IpcError);
  return caught as IpcError;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
const servers: (http.Server | https.Server)[] = [];

async function listen(server: http.Server | https.Server, scheme: 'http' | 'https'): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const httpServer = (handler: Handler): Promise<string> => listen(http.createServer(handler), 'http');

describe('ServiceTokenVerifier against real servers', () => {
  let standin: RunningStandin;
  let certDir: string;

  beforeAll(async () => {
    standin = await startStandin({ speed: 100, rateLimit: 0 });
    certDir = await mkdtemp(path.join(tmpdir(), 'timbre-selfsigned-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await standin.close();
    await rm(certDir, { recursive: true, force: true });
  });

  it('accepts the stand-in with a right token, spending no credits and creating nothing', async () => {
    const before = standin.accounts().map((account) => account.availableCredits);
    await expect(verifier.verify(standin.url, 'standin-paid')).resolves.toBeUndefined();
    expect(standin.ledger()).toEqual([]);
    expect(standin.accounts().map((account) => account.availableCredits)).toEqual(before);
  });

  it('keeps the made-up token of its second probe out of the recent requests a problem report shows', async () => {
    const failures: number[] = [];
    const recent = new RecentRequests(undefined, (failure) => failures.push(failure.status));
    const recorded = new ServiceTokenVerifier(
      (baseUrl) => new ServiceClient({ baseUrl, getToken: () => undefined, recentRequests: recent }),
    );
    await expect(recorded.verify(standin.url, 'standin-paid')).resolves.toBeUndefined();
    expect(recent.list().map((entry) => entry.status)).toEqual([404]);
    // A good token gets a 404 from the first probe: not told as a failure (the app logs failures as warnings).
    expect(failures).toEqual([]);
    // A token the service refuses is a failure, told as one.
    await expect(recorded.verify(standin.url, 'not-a-token')).rejects.toThrow();
    expect(failures).toEqual([401]);
  });

  it('says the stand-in did not accept a wrong token, naming the token field and the request id', async () => {
    const failure = await failureOf(standin.url, 'not-a-token');
    expect(failure.data).toMatchObject({ field: 'token', httpStatus: 401 });
    expect(failure.data.requestId).toBeTruthy();
    expect(failure.message).toMatch(/^The service did not accept this token \(401 Unauthorized\)\./);
  });

  it('refuses the stand-in under a wrong path (…/api, …/v1) with any token, naming the address field', async () => {
    for (const wrongPath of ['/api', '/v1']) {
      for (const token of ['standin-paid', 'not-a-token']) {
        const failure = await failureOf(`${standin.url}${wrongPath}`, token);
        expect(failure.data).toMatchObject({ field: 'url' });
        expect(failure.message).toMatch(
          /is not a Timbre voice service's address: it answers without checking tokens/,
        );
      }
    }
    expect(standin.ledger()).toEqual([]);
  });

  it('says a server answering 401 or 403 did not accept the token', async () => {
    const refusing = await httpServer((request, response) => {
      const status = request.headers.authorization === 'Bearer known-elsewhere' ? 403 : 401;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status, code: 'AUTH', message: 'no' }));
    });
    expect((await failureOf(refusing)).data).toMatchObject({ field: 'token', httpStatus: 401 });
    const forbidden = await failureOf(refusing, 'known-elsewhere');
    expect(forbidden.data).toMatchObject({ field: 'token', httpStatus: 403 });
    expect(forbidden.message).toContain('did not accept this token (403 Forbidden');
  });

  it('says a web server with an HTML 404 page is not a Timbre voice service (never "signed in")', async () => {
    const website = await httpServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Not found</title><h1>Page not found</h1>');
    });
    const failure = await failureOf(website);
    expect(failure.data).toMatchObject({ field: 'url', httpStatus: 404 });
    expect(failure.message).toBe(
      `${website} is not a Timbre voice service: it answered 404 Not Found with a page of its own, not the service's JSON error. Check the Service address field (the address your service's administrator gave you, without /api).`,
    );
  });

  it('says a site answering 200 with a page for every path is not a Timbre voice service', async () => {
    const catchAll = await httpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><div id="app"></div>');
    });
    const failure = await failureOf(catchAll);
    expect(failure.data.field).toBe('url');
    expect(failure.message).toMatch(/is not a Timbre voice service: it answered something other than/);
  });

  it('says an address that redirects (an http:// site sending to https://) is not the one to give', async () => {
    const redirecting = await httpServer((request, response) => {
      response.writeHead(301, { location: `https://voice.example.com${request.url ?? ''}` });
      response.end();
    });
    const failure = await failureOf(redirecting);
    expect(failure.data).toMatchObject({ field: 'url', httpStatus: 301 });
    expect(failure.message).toBe(
      `${redirecting} sent the check elsewhere (a redirect, HTTP 301) instead of answering it. Check the Service address field: give the address the service answers at (https:// rather than http://?).`,
    );
  });

  it('says a closed port could not be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await failureOf(`http://127.0.0.1:${port}`);
    expect(failure.data.field).toBe('url');
    expect(failure.message).toBe(
      `Could not reach http://127.0.0.1:${port}: nothing accepts connections at that address and port (is the service running there?). Check the Service address field and this computer's network connection.`,
    );
  });

  it('says a host name that does not exist could not be reached', async () => {
    // .invalid never resolves (RFC 2606); without DNS at all the lookup fails the same way (EAI_AGAIN).
    const failure = await failureOf('http://timbre-first-run.invalid');
    expect(failure.data.field).toBe('url');
    expect(failure.message).toContain(
      'Could not reach http://timbre-first-run.invalid: no computer answers to that host name',
    );
  });

  it('says an https:// address on a plain-HTTP port is not TLS, naming http:// as the likely fix', async () => {
    // Node reports this as EPROTO with OpenSSL's "wrong version number" in the message, not as its own code.
    const failure = await failureOf(standin.url.replace(/^http:/, 'https:'));
    expect(failure.data.field).toBe('url');
    expect(failure.message).toContain(
      'is not secure: the server did not answer with TLS (is its address http:// rather than https://?). The token was not sent. Check the Service address field.',
    );
  });

  it('says a self-signed HTTPS server is not secure, and sends it no token', async () => {
    const key = path.join(certDir, 'key.pem');
    const cert = path.join(certDir, 'cert.pem');
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-keyout', key, '-out', cert],
    ]);
    const seen: (string | undefined)[] = [];
    const secure = await listen(
      https.createServer({ key: await readFile(key), cert: await readFile(cert) }, (request, response) => {
        seen.push(request.headers.authorization);
        response.writeHead(404).end();
      }),
      'https',
    );
    const failure = await failureOf(secure);
    expect(failure.data.field).toBe('url');
    expect(failure.message).toBe(
      `The connection to ${secure} is not secure: the server's certificate is self-signed, so nothing vouches that it is this server. The token was not sent. Check the Service address field, or ask the service's administrator to renew its certificate.`,
    );
    expect(seen).toEqual([]);
  });
});
