/**
 * Audio cache lookup benchmark (issue 16): every time a project opens, the editor asks main for its takes'
 * cached audio (`generation.media`), one sidecar per take. A 10,000-block audiobook with a take per fourth
 * block looks up 2,500. Made here: 2,500 sidecars with 30 s waveform envelopes, in a fresh data folder.
 *
 *   npx tsx scripts/bench-audio-cache.ts [--entries 2500] [--runs 4]
 *
 * Reference, in the same run: the first lookup, which reads, validates and measures every sidecar (what every
 * lookup cost before entries were kept in memory). Then the repeat lookups, as on reopening the project.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AudioCache } from '../main/services/audio-cache/audio-cache.js';
import { MediaCache } from '../main/services/media/media-cache.js';

const { values } = parseArgs({ options: { entries: { type: 'string' }, runs: { type: 'string' } } });
const entries = Number(values.entries ?? 2_500);
const runs = Number(values.runs ?? 4);

const dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-bench-audio-cache-'));
const media = await MediaCache.open({ dataDir });
const cache = new AudioCache({ dataDir, media });
const service = 'http://127.0.0.1:9/';
const folder = cache.folderOf(service);
await mkdir(folder, { recursive: true });
// 30 s at 50 windows a second, a varied envelope (the measures walk all of it).
const envelope = Buffer.from(Array.from({ length: 1_500 }, (_, index) => (index % 7) * 30)).toString(
  'base64',
);
const keys: string[] = [];
for (let index = 0; index < entries; index += 1) {
  const key = createHash('sha256').update(String(index)).digest('hex');
  keys.push(key);
  await writeFile(path.join(folder, `${key}.mp3`), Buffer.alloc(2_000, 1));
  await writeFile(
    path.join(folder, `${key}.json`),
    JSON.stringify({
      version: 1,
      fileName: `${key}.mp3`,
      durationMs: 30_000,
      remoteUrl: `https://cdn.example.com/audio/${key}.mp3`,
      taskId: `task-${index}`,
      generatedAt: new Date().toISOString(),
      analysis: { durationMs: 30_000, windowsPerSecond: 50, envelope, rmsDb: -20, clippedSamples: 0 },
    }),
  );
}

async function timedLookup(): Promise<{ wallMs: number; cpuMs: number; found: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const found = await cache.lookupMany(service, keys);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1_000, found: found.size };
}

const format = ({ wallMs, cpuMs, found }: { wallMs: number; cpuMs: number; found: number }): string =>
  `${wallMs.toFixed(0).padStart(5)} ms wall ${cpuMs.toFixed(0).padStart(5)} ms CPU (${found} found)`;

const first = await timedLookup();
console.log(`Lookup of ${entries} cached takes`);
console.log(`  first (reference: reads every sidecar) ${format(first)}`);
const repeats = [];
for (let run = 0; run < runs; run += 1) {
  const repeat = await timedLookup();
  repeats.push(repeat);
  console.log(`  repeat ${run + 1}                            ${format(repeat)}`);
}
const median = [...repeats].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(repeats.length / 2)]!;
console.log(`  repeat median vs first: ${(median.wallMs / first.wallMs).toFixed(2)}× the wall time`);
cache.dispose();
await rm(dataDir, { recursive: true, force: true });
