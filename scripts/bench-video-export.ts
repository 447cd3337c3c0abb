/**
 * The video export's remux against ffmpeg, in the same run: a 2-hour video (160×90, 5 fps H.264, made by ffmpeg and
 * cached in /tmp between runs) gets a new soundtrack from a 2-hour 44.1 kHz stereo WAV mix, encoded as AAC 192 kbps,
 * the picture copied. ffmpeg: `ffmpeg -i video -i mix.wav -map 0:v -map 1:a -c:v copy -c:a aac -b:a 192k`. The app's
 * remux (main/services/video-export/soundtrack-remux.ts) runs from an esbuild bundle in a child process, as in the
 * built app, so its time and peak memory (GNU time's maximum resident set) are its own. Targets: ≤ 1.5× ffmpeg's
 * time, ≤ 300 MB. The mix's rendering is the export engine's (scripts/bench-export.ts), the same for both.
 *
 *   npx tsx scripts/bench-video-export.ts [--minutes 120]
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { bundleRunner } from './bench-support/app-bundle.js';

const execFileAsync = promisify(execFile);
const minutesFlag = process.argv.indexOf('--minutes');
const minutes = minutesFlag > 0 ? Number(process.argv[minutesFlag + 1]) : 120;
const seconds = Math.round(minutes * 60);
const cache = '/tmp/timbre-bench-video';

interface Measured {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  bytes: number;
  stdout: string;
}

async function ffmpeg(args: string[]): Promise<void> {
  await execFileAsync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

/** The video and the mix, made once per length and kept in /tmp for the next run. */
async function inputs(): Promise<{ video: string; mix: string }> {
  await mkdir(cache, { recursive: true });
  const video = path.join(cache, `video-${seconds}s.mp4`);
  const mix = path.join(cache, `mix-${seconds}s.wav`);
  if (!existsSync(video)) {
    console.log(`Making a ${minutes}-minute video…`);
    await ffmpeg([
      ...['-f', 'lavfi', '-i', `testsrc=size=160x90:rate=5`, '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-pix_fmt', 'yuv420p', `${video}.tmp.mp4`],
    ]);
    await execFileAsync('mv', [`${video}.tmp.mp4`, video]);
  }
  if (!existsSync(mix)) {
    console.log(`Making a ${minutes}-minute mix…`);
    // Pink noise under a tone that comes and goes every few seconds: a soundtrack's texture, not silence.
    await ffmpeg([
      ...['-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:duration=${seconds}:sample_rate=44100`],
      ...['-f', 'lavfi', '-i', `sine=frequency=220:duration=${seconds}:sample_rate=44100`],
      ...[
        '-filter_complex',
        '[1]volume=0.3*gt(mod(t\\,5)\\,2):eval=frame[s];[0][s]amix=inputs=2,aformat=channel_layouts=stereo',
      ],
      ...['-c:a', 'pcm_s16le', `${mix}.tmp.wav`],
    ]);
    await execFileAsync('mv', [`${mix}.tmp.wav`, mix]);
  }
  return { video, mix };
}

/** Runs a command under GNU time: wall time, CPU time and peak resident memory. */
async function timed(command: string, args: string[], output: string): Promise<Measured> {
  const started = performance.now();
  const { stdout, stderr } = await execFileAsync('/usr/bin/time', ['-v', command, ...args], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  const field = (label: string): number =>
    Number(new RegExp(`${label}: ([\\d.]+)`, 'u').exec(stderr)?.[1] ?? NaN);
  const cpuMs = (field('User time \\(seconds\\)') + field('System time \\(seconds\\)')) * 1000;
  const peakRssMb = field('Maximum resident set size \\(kbytes\\)') / 1024;
  return { wallMs, cpuMs, peakRssMb, bytes: (await stat(output)).size, stdout };
}

/** The remux bundled as the app's build bundles main (packages external), for a child process to run. */
async function bundleRemux(folder: string): Promise<string> {
  return bundleRunner(
    folder,
    'run-remux',
    `
        import { remuxWithSoundtrack } from './main/services/video-export/soundtrack-remux.ts';
        const [videoPath, mixWavPath, outputPath] = process.argv.slice(2);
        // Where the memory goes: the resident peak while the AAC is encoded (the first 90 % of the progress,
        // ENCODE_SHARE in soundtrack-remux.ts) and while the packets are muxed, sampled every 100 ms (GNU time's
        // figure is the true peak: the muxer's last step, writing the index, runs without a pause to sample in).
        const peaks = { encode: 0, mux: 0 };
        let phase = 'encode';
        const sample = () => { peaks[phase] = Math.max(peaks[phase], process.memoryUsage.rss()); };
        const timer = setInterval(sample, 100);
        const onFraction = (fraction) => { sample(); if (fraction >= 0.9) phase = 'mux'; };
        const result = await remuxWithSoundtrack({ videoPath, mixWavPath, outputPath, container: 'mp4', keepOriginalAudio: false, onFraction });
        sample();
        clearInterval(timer);
        console.log(JSON.stringify({ result, peaks }));
      `,
  );
}

/** The audio stream's length as ffprobe reads it from the container, in seconds. */
async function audioSeconds(filePath: string): Promise<number> {
  const { stdout } = await execFileAsync('ffprobe', [
    ...[
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=duration',
      '-of',
      'csv=p=0',
      filePath,
    ],
  ]);
  return Number(stdout.trim());
}

async function videoPacketsMd5(filePath: string): Promise<string> {
  const { stdout } = await execFileAsync('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', filePath, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

const { video, mix } = await inputs();
const work = path.join(cache, 'run');
await rm(work, { recursive: true, force: true });
const runner = await bundleRemux(work);
const ffmpegOut = path.join(work, 'ffmpeg.mp4');
const appOut = path.join(work, 'app.mp4');

console.log(`Remuxing a ${minutes}-minute video with a new AAC 192 kbps soundtrack (2 cores)…`);
const reference = await timed(
  'ffmpeg',
  [
    ...['-nostdin', '-v', 'error', '-y', '-i', video, '-i', mix, '-map', '0:v', '-map', '1:a'],
    ...['-c:v', 'copy', '-c:a', 'aac', '-b:a', '192k', ffmpegOut],
  ],
  ffmpegOut,
);
const app = await timed(process.execPath, [runner, video, mix, appOut], appOut);
const untouched = (await videoPacketsMd5(appOut)) === (await videoPacketsMd5(video));
const rows = [
  ['ffmpeg -c:v copy -c:a aac', reference, await audioSeconds(ffmpegOut)],
  ['app (mediabunny + AAC)', app, await audioSeconds(appOut)],
] as const;
console.log('| Job | time | CPU | peak memory | file | audio length |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const [name, measured, audio] of rows) {
  console.log(
    `| ${name} | ${(measured.wallMs / 1000).toFixed(1)} s | ${(measured.cpuMs / 1000).toFixed(1)} s | ${measured.peakRssMb.toFixed(0)} MB | ${(measured.bytes / 1024 ** 2).toFixed(0)} MB | ${audio.toFixed(3)} s |`,
  );
}
const { peaks } = JSON.parse(app.stdout.trim().split('\n').at(-1) ?? '{}') as {
  peaks: { encode: number; mux: number };
};
console.log(
  `App memory by phase (sampled): encoding ${(peaks.encode / 1024 ** 2).toFixed(0)} MB, muxing ${(peaks.mux / 1024 ** 2).toFixed(0)} MB.`,
);
console.log(
  `Ratio ${(app.wallMs / reference.wallMs).toFixed(2)}× ffmpeg's time (target ≤ 1.5×); peak ${app.peakRssMb.toFixed(0)} MB (target ≤ 300 MB); video packets ${untouched ? 'byte-identical' : 'DIFFERENT'} to the source's; video ${seconds} s.`,
);
await rm(work, { recursive: true, force: true });
