import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the feed serves the artifact: as published, with a changed byte (sha512 mismatch), or cut half-way. */
export type ArtifactDelivery = 'right' | 'corrupted' | 'dropped';

/**
 * A release feed served on 127.0.0.1, as electron-builder publishes one for Linux: latest-linux.yml naming an
 * AppImage with its sha512 and size (always the right file's), the AppImage, and release notes in HTML. Every
 * request's path is recorded, so a test can say that nothing reached it.
 */
export class LocalFeed {
  version = '1.1.0';
  delivery: ArtifactDelivery = 'right';
  readonly requests: string[] = [];
  private readonly server = http.createServer((request, response) => this.serve(request, response));

  constructor(private readonly artifact: Buffer) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://feed');
    this.requests.push(url.pathname);
    const fileName = `Timbre-Studio-${this.version}.AppImage`;
    if (url.pathname === '/latest-linux.yml') {
      const sha512 = createHash('sha512').update(this.artifact).digest('base64');
      response
        .writeHead(200, { 'content-type': 'text/yaml' })
        .end(
          [
            `version: ${this.version}`,
            'files:',
            `  - url: ${fileName}`,
            `    sha512: ${sha512}`,
            `    size: ${this.artifact.length}`,
            `path: ${fileName}`,
            `sha512: ${sha512}`,
            "releaseDate: '2026-11-27T10:00:00.000Z'",
            `releaseNotes: '<h2>What''s new</h2><ul><li>Faster <b>exports</b></li></ul><script>alert(1)</script><img src=x onerror=alert(2)>'`,
            '',
          ].join('\n'),
        );
      return;
    }
    if (url.pathname === `/${fileName}`) {
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': this.artifact.length,
      });
      if (this.delivery === 'dropped') {
        response.write(this.artifact.subarray(0, this.artifact.length / 2), () => response.socket?.destroy());
        return;
      }
      const body = Buffer.from(this.artifact);
      if (this.delivery === 'corrupted') body[100] = body[100]! ^ 0xff;
      response.end(body);
      return;
    }
    response.writeHead(404).end('not found');
  }
}
