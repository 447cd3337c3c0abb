import { execFile } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ffmpeg, probeDuration } from '../services/export/test-support/media-tools.js';
import { parseSrt } from './test-support/exported-audio.js';
import { TOKEN_VARIABLE, readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

const run = promisify(execFile);
const world = useCliWorld();

/** The md5 of one stream's packets, copied as they are. */
async function packetsMd5(filePath: string, stream: string): Promise<string> {
  const { stdout } = await run('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-i', filePath, '-map', stream, '-c', 'copy', '-f', 'md5', '-'],
  ]);
  return stdout.trim();
}

describe('timbre export --video × stand-in', () => {
  it('generates a timed project and writes the video with its new soundtrack and subtitles beside it', async () => {
    const clip = path.join(world.workDir, 'clip.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25:duration=12'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=12'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', clip],
    ]);
    const base = world.project('Dub', ['The river runs north.', 'Then it turns east.']);
    const starts = [1_000, 6_000];
    const timed = {
      ...base,
      video: { path: clip, durationMs: 12_000 },
      tracks: {
        ...base.tracks,
        speech: {
          blocks: base.tracks.speech.blocks.map((block, index) => ({
            ...block,
            timing: { startMs: starts[index]!, lane: 0, fit: 'dynamic' as const },
          })),
        },
      },
    };
    const file = await world.saveProject('dub.timbre', timed);
    const outDir = path.join(world.workDir, 'out-video');
    const result = await timbre([
      ...['export', file, '--out', outDir, '--video', clip, '--keep-original-audio', '--srt'],
      ...['--generate', '--token-env', TOKEN_VARIABLE, '--data', world.dataDir],
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n').at(-1)).toBe('1 exported, 0 failed');
    expect((await readdir(outDir)).sort()).toEqual(['Dub.mp4', 'Dub.srt']);
    const video = path.join(outDir, 'Dub.mp4');
    expect(await packetsMd5(video, '0:v')).toBe(await packetsMd5(clip, '0:v'));
    expect(await packetsMd5(video, '0:a:1')).toBe(await packetsMd5(clip, '0:a:0'));
    expect(Math.abs((await probeDuration(video)) - 12)).toBeLessThan(0.05);
    // Players see the labels, and the new speech in the project's language (English; the source's sound is und).
    const { stdout: probed } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream_tags=handler_name,language'],
      ...['-of', 'csv=p=0', video],
    ]);
    expect(probed.trim().split('\n')).toEqual(['eng,New soundtrack', 'und,Original audio']);
    // Each line's subtitle starts at its timed place (plus the take's lead-in) and ends with its take (its trailing
    // silence trimmed; the engine's cue rounding may add a few ms).
    const saved = await readBack(file);
    const cues = parseSrt(await readFile(path.join(outDir, 'Dub.srt'), 'utf8'));
    saved.tracks.speech.blocks.forEach((block, index) => {
      const take = block.generation.kind === 'generated' ? block.generation.audio.durationMs : 0;
      const cue = cues.find((candidate) => candidate.startMs >= starts[index]! - 1);
      expect(cue?.startMs).toBeLessThan(starts[index]! + 500);
      expect((cue?.endMs ?? 0) - starts[index]!).toBeLessThanOrEqual(take + 50);
      expect((cue?.endMs ?? 0) - starts[index]!).toBeGreaterThan(take / 2);
    });
  }, 180_000);
});
