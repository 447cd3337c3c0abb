/**
 * Decoding a reference video's own sound for the mix (the original-audio bed of the video export and of the audio
 * export aligned to the video), against ffmpeg in the same run. A video of the given length (160×90, 5 fps H.264)
 * with a 48 kHz stereo sound track, AAC in MP4 and Opus in WebM, made by ffmpeg and cached in /tmp between runs. The
 * app's decode is the export's own path: libav.js (WebAssembly) demuxes and decodes, the engine's resampler takes it
 * to 44.1 kHz, and it is written into the PCM cache (PcmCache.ensureDecoded), run from an esbuild bundle in a child
 * process so its time and peak memory (GNU time) are its own. ffmpeg: `ffmpeg -i video -vn -ar 44100 -f f32le`.
 *
 *   npx tsx scripts/bench-video-sound-decode.ts [--minutes 120]
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleRunner } from './bench-support/app-bundle.js';

const execFileAsync = promisify(execFile);
const minutesFlag = process.argv.indexOf('--minutes');
const minutes = minutesFlag > 0 ? Number(process.argv[minutesFlag + 1]) : 120;
const seconds = Math.round(minutes * 60);
const cache = '/tmp/timbre-bench-video-sound';

async function ffmpeg(args: string[]): Promise<void> {
  await execFileAsync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** The video with a sound track in the codec, made once per length and kept in /tmp for the next run. */
async function videoWith(codec: 'aac' | 'opus'): Promise<string> {
  await mkdir(cache, { recursive: true });
  const video = path.join(cache, `video-${seconds}s.${codec === 'aac' ? 'mp4' : 'webm'}`);
  if (existsSync(video)) return video;
  console.log(`Making a ${minutes}-minute video with ${codec} sound…`);
  const picture =
    codec === 'aac' ? ['-c:v', 'libx264', '-preset', 'ultrafast'] : ['-c:v', 'libvpx', '-b:v', '50k'];
  const sound = codec === 'aac' ? ['-c:a', 'aac', '-b:a', '160k'] : ['-c:a', 'libopus', '-b:a', '128k'];
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=5`],
    ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.1:sample_rate=48000`],
    ...['-t', String(seconds), '-ac', '2', ...picture, ...sound],
    `${video}.tmp${path.extname(video)}`,
  ]);
  await execFileAsync('mv', [`${video}.tmp${path.extname(video)}`, video]);
  return video;
}

/** Runs a command under GNU time: wall time, CPU time and peak resident memory. */
async function timed(command: string, args: string[]) {
  const started = performance.now();
  const { stderr } = await execFileAsync('/usr/bin/time', ['-v', command, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const field = (label: string): number =>
    Number(new RegExp(`${label}: ([\\d.]+)`, 'u').exec(stderr)?.[1] ?? NaN);
  const cpuMs = (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000;
  return { wallMs, cpuMs, peakRssMb: field('Maximum resident set size \\(kbytes\\)') / 1024 };
}

/** The export's decode into the PCM cache, bundled as the app's build bundles main, for a child process to run. */
async function bundleDecode(folder: string): Promise<string> {
  return bundleRunner(
    folder,
    'run-decode',
    `
        import { PcmCache } from './main/services/export/decode/pcm-cache.ts';
        import { decodeVideoSound } from './main/services/export/decode/video-sound-decoder.ts';
        const [videoPath, cacheDir] = process.argv.slice(2);
        const decoded = await new PcmCache(cacheDir).ensureDecoded('bench|' + videoPath, 44100, () => decodeVideoSound(videoPath));
        console.log(JSON.stringify({ frames: decoded.frames, channels: decoded.channels }));
      `,
  );
}

const work = path.join(cache, 'run');
await rm(work, { recursive: true, force: true });
const runner = await bundleDecode(work);
console.log(`Decoding the sound of a ${minutes}-minute video to 44.1 kHz float (2 cores, shared)…`);
console.log('| Sound | ffmpeg time | app time | app CPU | app peak memory | ratio | real time |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const codec of ['aac', 'opus'] as const) {
  const video = await videoWith(codec);
  const reference = await timed('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y', '-i', video, '-vn', '-ar', '44100', '-f', 'f32le'],
    path.join(work, `${codec}.f32`),
  ]);
  const app = await timed(process.execPath, [runner, video, path.join(work, `pcm-${codec}`)]);
  console.log(
    `| ${codec} | ${(reference.wallMs / 1000).toFixed(1)} s | ${(app.wallMs / 1000).toFixed(1)} s | ${(app.cpuMs / 1000).toFixed(1)} s | ${app.peakRssMb.toFixed(0)} MB | ${(app.wallMs / reference.wallMs).toFixed(2)}× | ${(seconds / (app.wallMs / 1000)).toFixed(0)}× |`,
  );
  await rm(path.join(work, `${codec}.f32`), { force: true });
  await rm(path.join(work, `pcm-${codec}`), { recursive: true, force: true });
}
await rm(work, { recursive: true, force: true });
