import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WAV file of a 440 Hz tone: real audio, so the sniffing and serving paths see a real format. */
function toneWav(seconds: number, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVEfmt ', 8, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    buffer.writeInt16LE(
      Math.round(8000 * Math.sin((2 * Math.PI * 440 * index) / sampleRate)),
      44 + index * 2,
    );
  }
  return buffer;
}

export interface OriginServer {
  url: string;
  wav: Buffer;
  /** Requests received per path. */
  hits(path: string): number;
  /** Every request in order: path with query, its Range header and when it arrived. */
  log: { target: string; range: string | undefined; at: number }[];
  close(): Promise<void>;
}

/** The pace `/paced/…` serves at: one request a second; the others are refused with a 429. */
const PACED_INTERVAL_MS = 1000;

/**
 * A remote media server with the behaviours the cache must survive: typed and untyped audio, HTML, files over
 * the limit (declared or streamed), a stalled body, a server that never answers, a slow drip, 404, a redirect,
 * a slow answer (to see concurrent requests share one download) and a rate-limited service (`/paced/…`).
 */
export async function startOriginServer(): Promise<OriginServer> {
  const wav = toneWav(3);
  let pacedServedAt = Number.NEGATIVE_INFINITY;
  const counts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const log: OriginServer['log'] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://origin');
    const path = url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const target = `${path}${url.search}`;
    const earlier = log.filter((entry) => entry.target === target).length;
    log.push({ target, range: request.headers.range, at: Date.now() });
    if (path.startsWith('/paced/')) {
      // A service's rate limit: one request per PACED_INTERVAL_MS; any other is refused with a Retry-After a
      // little longer than the interval, as a token bucket's refill time.
      const now = Date.now();
      if (now - pacedServedAt < PACED_INTERVAL_MS) {
        response.writeHead(429, { 'Retry-After': String((PACED_INTERVAL_MS * 1.25) / 1000) });
        response.end();
        return;
      }
      pacedServedAt = now;
      response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.byteLength });
      response.end(wav);
      return;
    }
    switch (path) {
      case '/reset-once.wav': {
        // The first answer breaks off after half the file; later ones honour Range like a CDN.
        const start = Number(/^bytes=(\d+)-$/u.exec(request.headers.range ?? '')?.[1] ?? 0);
        if (earlier === 0) {
          response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.byteLength });
          response.write(wav.subarray(0, wav.byteLength / 2));
          later(100, () => response.socket?.destroy());
          return;
        }
        const rest = wav.subarray(start);
        response.writeHead(start > 0 ? 206 : 200, {
          'Content-Type': 'audio/wav',
          'Content-Length': rest.byteLength,
          'Accept-Ranges': 'bytes',
          ...(start > 0 ? { 'Content-Range': `bytes ${start}-${wav.byteLength - 1}/${wav.byteLength}` } : {}),
        });
        response.end(rest);
        return;
      }
      case '/unavailable-twice.wav':
        if (earlier < 2) {
          response.writeHead(503, { 'Content-Type': 'text/html' });
          response.end('<html><body>Service Unavailable</body></html>');
          return;
        }
        response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.byteLength });
        response.end(wav);
        return;
      case '/limited-once.wav':
        if (earlier === 0) {
          response.writeHead(429, { 'Retry-After': '1', 'X-Service-App-Request-Id': 'req-limited' });
          response.end();
          return;
        }
        response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.byteLength });
        response.end(wav);
        return;
      case '/forbidden.wav':
        response.writeHead(403, { 'X-Service-App-Request-Id': 'req-forbidden' });
        response.end();
        return;
      case '/voice.wav':
        response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': wav.byteLength });
        response.end(wav);
        return;
      case '/slow.wav':
        later(250, () => {
          response.writeHead(200, { 'Content-Type': 'audio/wav; codecs=1' });
          response.end(wav);
        });
        return;
      case '/untyped':
        response.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        response.end(wav);
        return;
      case '/page.html':
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end('<script>alert("from the cache origin")</script>');
        return;
      case '/declared-big':
        response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': 2 * 1024 * 1024 });
        response.end(Buffer.alloc(2 * 1024 * 1024));
        return;
      case '/streamed-big': {
        response.writeHead(200, { 'Content-Type': 'audio/wav' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        for (let index = 0; index < 32; index += 1) response.write(chunk);
        response.end();
        return;
      }
      case '/stall':
        response.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': 1000 });
        response.write(Buffer.alloc(10));
        return; // never ends
      case '/silent':
        return; // never answers
      case '/drip': {
        response.writeHead(200, { 'Content-Type': 'audio/wav' });
        const drip = setInterval(() => response.write(Buffer.alloc(1)), 40);
        timers.add(drip);
        response.on('close', () => {
          clearInterval(drip);
          timers.delete(drip);
        });
        return;
      }
      case '/redirect':
        response.writeHead(302, { Location: '/voice.wav' });
        response.end();
        return;
      default:
        response.writeHead(404, { 'Content-Type': 'text/plain' });
        response.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wav,
    hits: (path) => counts.get(path) ?? 0,
    log,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
