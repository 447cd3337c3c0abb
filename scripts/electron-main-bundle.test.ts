import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- the build script is plain JavaScript without type declarations
import { BUNDLED_IN_ELECTRON_MAIN, externalPackagesExcept } from './build.mjs';

const run = promisify(execFile);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
// Inside the checkout, so the external packages resolve from its node_modules as the app's bundle's do.
const work = path.join(root, 'node_modules', '.cache', `timbre-electron-bundle-${process.pid}`);
await mkdir(work, { recursive: true });

afterAll(() => rm(work, { recursive: true, force: true }));

/** Bundles `source` as the Electron main bundle is built (CommonJS, packages external but mediabunny) and runs it. */
async function runAsElectronMain(source: string, plugins: unknown[]): Promise<string> {
  const entry = path.join(work, `probe-${plugins.length}.ts`);
  const output = path.join(work, `probe-${plugins.length}.cjs`);
  await writeFile(entry, source);
  await build({
    entryPoints: [entry],
    outfile: output,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'silent',
    ...(plugins.length === 0 ? { packages: 'external' as const } : { plugins: plugins as never }),
  });
  const { stdout } = await run(process.execPath, [output], { cwd: root, timeout: 60_000 });
  return stdout.trim();
}

/** Prints "none" when mediabunny finds no AAC encoder, else encodes a second of tone and prints its size. */
const PROBE = `
import { AudioSample, AudioSampleSource, BufferTarget, Mp4OutputFormat, Output, canEncodeAudio } from 'mediabunny';
import { registerAudioEncoders } from ${JSON.stringify(path.join(root, 'main/services/video-export/audio-encoders.ts'))};
async function main() {
  await registerAudioEncoders();
  if (!(await canEncodeAudio('aac'))) return 'none';
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat(), target });
  const source = new AudioSampleSource({ codec: 'aac', bitrate: 128000 });
  output.addAudioTrack(source);
  await output.start();
  const data = new Float32Array(48000).map((_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48000));
  await source.add(new AudioSample({ data, format: 'f32', numberOfChannels: 1, sampleRate: 48000, timestamp: 0 }));
  await output.finalize();
  return 'aac ' + String(target.buffer?.byteLength ?? 0);
}
void main().then((said) => { console.log(said); process.exit(0); });
`;

describe('the Electron main bundle', () => {
  it('finds the AAC encoder the video export registers (one copy of mediabunny, not its CommonJS and ES builds)', async () => {
    const [encoder, bytes] = (
      await runAsElectronMain(PROBE, [externalPackagesExcept(BUNDLED_IN_ELECTRON_MAIN)])
    ).split(' ');
    expect(encoder).toBe('aac');
    // A second of 128 kbit/s AAC in an MP4: about 16 KB.
    expect(Number(bytes)).toBeGreaterThan(8_000);
    // Why the bundle needs it: with every package external, the encoder registers with the other copy.
    expect(await runAsElectronMain(PROBE, [])).toBe('none');
  }, 120_000);

  it('calls p-map, an ES module imported for its default export, from the CommonJS bundle', async () => {
    const probe = `import pMap from 'p-map';
void pMap([1, 2, 3], (n: number) => n * 2).then((doubled) => console.log(doubled.join(',')));`;
    expect(await runAsElectronMain(probe, [externalPackagesExcept(BUNDLED_IN_ELECTRON_MAIN)])).toBe('2,4,6');
    expect(BUNDLED_IN_ELECTRON_MAIN.test('p-map')).toBe(true);
  }, 60_000);

  it('keeps every other package external', () => {
    expect(BUNDLED_IN_ELECTRON_MAIN.test('mediabunny')).toBe(true);
    expect(BUNDLED_IN_ELECTRON_MAIN.test('@mediabunny/aac-encoder')).toBe(true);
    for (const name of ['keytar', 'electron', 'ws', 'mediabunny-other', '@mediabunnyx/a', 'node:fs']) {
      expect(BUNDLED_IN_ELECTRON_MAIN.test(name)).toBe(false);
    }
  });
});
