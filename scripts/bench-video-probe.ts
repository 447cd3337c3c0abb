/**
 * Reference video benchmark (issue 39): what opening a project with a 2-hour video costs main — the probe when the
 * video is added or located (length, frame rate, codecs), the status check when the project opens, and the first
 * range the player asks for. The video is made here with ffmpeg (64×36, still grey, H.264 + AAC, about 7 MB; a
 * long picture costs the probe its sample tables, not its pixels).
 *
 *   npx tsx scripts/bench-video-probe.ts [--hours 2] [--runs 5] [--video existing.mp4]
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { planLocalFileReply } from '../main/services/media/local-file-reply.js';
import { discardMediaReply } from '../main/services/media/media-reply.js';
import { MemoryLogger } from '../main/services/logging/logger.js';
import { ReferenceVideos } from '../main/services/video/reference-videos.js';
import { VideoGrants, videoIdOf } from '../main/services/video/video-grants.js';

const { values } = parseArgs({
  options: { hours: { type: 'string' }, runs: { type: 'string' }, video: { type: 'string' } },
});
const hours = Number(values.hours ?? 2);
const runs = Number(values.runs ?? 5);
const dir = await mkdtemp(path.join(tmpdir(), 'timbre-bench-video-'));
const video = values.video ?? path.join(dir, 'long.mp4');
if (values.video === undefined) {
  const seconds = String(Math.round(hours * 3600));
  const made = performance.now();
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=gray:size=64x36:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono', '-t', seconds],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '16k', video],
  ]);
  console.log(`made a ${hours} h video in ${((performance.now() - made) / 1000).toFixed(1)} s`);
}

const videos = new ReferenceVideos(await VideoGrants.open(dir, new MemoryLogger()));
await videos.grant(video);
const timings = { probe: [] as number[], status: [] as number[], firstRange: [] as number[] };
let facts;
for (let run = 0; run < runs; run += 1) {
  let started = performance.now();
  facts = await videos.probe(video);
  timings.probe.push(performance.now() - started);
  started = performance.now();
  await videos.status(video);
  timings.status.push(performance.now() - started);
  started = performance.now();
  const reply = await planLocalFileReply(videos.fileFor(videoIdOf(path.resolve(video))), {
    rangeHeader: 'bytes=0-',
  });
  await discardMediaReply(reply);
  timings.firstRange.push(performance.now() - started);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `video: ${facts?.video.durationMs} ms, ${facts?.video.frameRate} fps, ${facts?.videoCodec}/${facts?.audioCodec}, ${facts?.sizeBytes} bytes`,
);
for (const [name, values] of Object.entries(timings)) {
  console.log(
    `${name.padEnd(10)} median ${median(values).toFixed(1)} ms, first ${values[0]?.toFixed(1)} ms (${runs} runs)`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await rm(dir, { recursive: true, force: true });
