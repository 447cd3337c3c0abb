import { promises as fs } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../audio/run-process.js';
import { startStandin } from '../index.js';
import { decodeFile, download, makeFixtureDir, rms } from '../test-support/audio-fixtures.js';
import { call, expectOk, expectRequestId, waitFor } from '../test-support/http-client.js';
import { ARIA, BRUNO, useStandin } from '../test-support/standin-fixture.js';

const service = useStandin();
let dir = '';
beforeAll(async () => {
  dir = await makeFixtureDir();
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

type Content = Record<string, unknown> & { audio: string; generatedAt: string };
type Task = {
  id: string;
  status: string;
  metadata: { audio: string; generatedAt: string; contents: Content[] };
};

const RATE = 24_000;
const seconds = (samples: Float32Array) => samples.length / RATE;

async function generated(contents: unknown[]): Promise<Task> {
  const task = (await service.generate({ contents })) as Task;
  expect(task.status).toBe('generated');
  return task;
}

async function probe(file: string): Promise<{ sampleRate: number; channels: number }> {
  const { stdout } = await runProcess('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=sample_rate,channels',
    '-of',
    'json',
    file,
  ]);
  const stream = (
    JSON.parse(stdout.toString('utf8')) as { streams: { sample_rate: string; channels: number }[] }
  ).streams[0];
  return { sampleRate: Number(stream?.sample_rate), channels: stream?.channels ?? 0 };
}

/** Median fundamental frequency (Hz) of loud frames, by autocorrelation in the 60–400 Hz range. */
function medianPitchHz(samples: Float32Array): number {
  const frame = 960;
  const minLag = Math.floor(RATE / 400);
  const maxLag = Math.ceil(RATE / 60);
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag <= samples.length; start += frame) {
    if (rms(samples, start, start + frame) < 0.05) continue;
    let bestLag = 0;
    let best = 0;
    const energy = rms(samples, start, start + frame) ** 2 * frame;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let sum = 0;
      for (let i = start; i < start + frame; i += 1) sum += (samples[i] ?? 0) * (samples[i + lag] ?? 0);
      if (sum > best) {
        best = sum;
        bestLag = lag;
      }
    }
    if (bestLag > 0 && best / energy > 0.5) pitches.push(RATE / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('generated audio', () => {
  it('gives every block its own decodable 24 kHz mono MP3 and a merged MP3 as long as the blocks together', async () => {
    const task = await generated([
      { type: 'text', voiceId: ARIA.idForGenerate, text: 'The first block speaks.' },
      { type: 'sfx', text: 'glass breaking', sfx_length: 1.5 },
      { type: 'music', text: 'gentle piano', sfx_length: 3, seed: 7 },
      { type: 'scene', text: 'A quiet room.', voiceId: BRUNO.idForGenerate },
    ]);
    expect(Date.parse(task.metadata.generatedAt)).not.toBeNaN();
    const durations: number[] = [];
    for (const [index, content] of task.metadata.contents.entries()) {
      expect(content.audio.startsWith(`${service.url}/files/`)).toBe(true);
      expect(Date.parse(content.generatedAt)).not.toBeNaN();
      const file = await download(content.audio, dir, `segment-${index}.mp3`);
      expect(await probe(file)).toEqual({ sampleRate: 24_000, channels: 1 });
      const samples = await decodeFile(file);
      expect(rms(samples), `segment ${index} is not silent`).toBeGreaterThan(0.01);
      durations.push(seconds(samples));
    }
    expect(durations[1]).toBeCloseTo(1.5, 1);
    expect(durations[2]).toBeCloseTo(3, 1);
    const merged = await decodeFile(await download(task.metadata.audio, dir, 'merged.mp3'));
    expect(seconds(merged)).toBeCloseTo(
      durations.reduce((a, b) => a + b, 0),
      1,
    );
  });

  it('makes speech longer at a lower speechRate and shorter at a higher one', async () => {
    const text = 'Speaking rate changes how long this sentence takes. It has two sentences.';
    const task = await generated(
      [0.5, 1, 2].map((speechRate) => ({ type: 'text', voiceId: ARIA.idForGenerate, text, speechRate })),
    );
    const [slow, normal, fast] = await Promise.all(
      task.metadata.contents.map(async (content, index) =>
        seconds(await decodeFile(await download(content.audio, dir, `rate-${index}.mp3`))),
      ),
    );
    expect(slow).toBeGreaterThan((normal ?? 0) * 1.5);
    expect(normal).toBeGreaterThan((fast ?? 0) * 1.4);
  });

  it('gives different voices and styles different pitch', async () => {
    const text = 'Each voice sounds different from the others.';
    const task = await generated([
      { type: 'text', voiceId: ARIA.idForGenerate, text },
      { type: 'text', voiceId: BRUNO.idForGenerate, text },
      { type: 'text', voiceId: ARIA.idForGenerate, promptId: 'bright', text },
    ]);
    const [aria, bruno, bright] = await Promise.all(
      task.metadata.contents.map(async (content, index) =>
        medianPitchHz(await decodeFile(await download(content.audio, dir, `pitch-${index}.mp3`))),
      ),
    );
    expect(bruno).toBeGreaterThan(60);
    expect(aria).toBeGreaterThan((bruno ?? 0) * 1.2);
    expect(bright).toBeGreaterThan((aria ?? 0) * 1.05);
  });

  it('records the true start of every sentence: speech at each start, silence in each pause', async () => {
    const task = await generated([
      {
        type: 'text',
        voiceId: BRUNO.idForGenerate,
        text: 'This is sentence one. Here comes number two. And the third.',
      },
    ]);
    const timings = expectOk<{
      segments: { durationS: number; sentences: { text: string; startS: number; endS: number }[] }[];
    }>(await service.admin('GET', `tasks/${task.id}/timings`));
    const sentences = timings.segments[0]?.sentences ?? [];
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      'This is sentence one.',
      'Here comes number two.',
      'And the third.',
    ]);
    const samples = await decodeFile(
      await download(task.metadata.contents[0]?.audio ?? '', dir, 'timed.mp3'),
    );
    expect(seconds(samples)).toBeCloseTo(timings.segments[0]?.durationS ?? 0, 1);
    const at = (s: number) => Math.round(s * RATE);
    for (const [index, sentence] of sentences.entries()) {
      expect(
        rms(samples, at(sentence.startS), at(sentence.startS + 0.2)),
        `speech at start ${index}`,
      ).toBeGreaterThan(0.02);
      const next = sentences[index + 1];
      if (next)
        expect(rms(samples, at(sentence.endS + 0.04), at(next.startS - 0.04)), `pause ${index}`).toBeLessThan(
          0.005,
        );
    }
    expect(rms(samples, 0, at((sentences[0]?.startS ?? 0) - 0.01))).toBeLessThan(0.005);
  });

  it('reuses audio the service issued: audio, custom_audio and stem_separation blocks', async () => {
    const source = await generated([
      { type: 'text', voiceId: ARIA.idForGenerate, text: 'Audio to reuse later.' },
    ]);
    const url = source.metadata.contents[0]?.audio ?? '';
    const sourceLength = seconds(await decodeFile(await download(url, dir, 'reuse-source.mp3')));
    const task = await generated([
      { type: 'audio', audio: url },
      { type: 'custom_audio', audio: url, text: 'a caption' },
      { type: 'stem_separation', audio: url },
    ]);
    for (const [index, content] of task.metadata.contents.entries()) {
      const samples = await decodeFile(await download(content.audio, dir, `reuse-${index}.mp3`));
      expect(seconds(samples)).toBeCloseTo(sourceLength, 1);
      expect(rms(samples)).toBeGreaterThan(0.01);
    }
  });

  it('serves audio with its content type and byte ranges', async () => {
    const task = await generated([{ type: 'text', voiceId: ARIA.idForGenerate, text: 'Range requests.' }]);
    const whole = await fetch(task.metadata.audio);
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expectRequestId(whole);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(whole.headers.get('content-length'))).toBe(bytes.length);
    const part = await fetch(task.metadata.audio, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetch(task.metadata.audio, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
    const beyond = await fetch(task.metadata.audio, { headers: { Range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expectRequestId(beyond);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const head = await fetch(task.metadata.audio, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
  });
});

describe('--audio-format wav', () => {
  it('produces 24 kHz mono WAV served as audio/wav', async () => {
    const wav = await startStandin({ speed: 100, rateLimit: 0, audioFormat: 'wav' });
    try {
      const created = expectOk<Task>(
        await call(wav.url, 'POST', '/api/tts/generate', {
          json: { contents: [{ type: 'text', voiceId: ARIA.idForGenerate, text: 'Wave file.' }] },
        }),
      );
      const task = await waitFor(async () => {
        const current = expectOk<Task>(await call(wav.url, 'GET', `/api/tts/generate/${created.id}`));
        return current.status === 'generated' ? current : undefined;
      }, 'wav task');
      expect(task.metadata.audio).toMatch(/\.wav$/);
      const response = await fetch(task.metadata.audio);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      const file = await download(task.metadata.audio, dir, 'format.wav');
      expect(await probe(file)).toEqual({ sampleRate: 24_000, channels: 1 });
    } finally {
      await wav.close();
    }
  });
});
