import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextBlock } from '../../common/project/index.js';
import { TOKEN_VARIABLE, readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

/**
 * The real `timbre export` process against the stand-in, on what it refuses: bad flags, files that are not
 * files, a token in place of a name, and blocks that may be charged twice.
 */
const world = useCliWorld();
const { project, saveProject, taskPosts } = world;

describe('timbre export refuses × stand-in', () => {
  it('refuses --chapters with --split and a cover that is not an image, before anything is sent', async () => {
    const posts = taskPosts();
    const mixed = await timbre([
      'export',
      'x.timbre',
      '--out',
      world.workDir,
      '--split',
      'chapters',
      '--chapters',
    ]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--chapters and --chapters-json mark chapters inside one file/u);
    const notImage = path.join(world.workDir, 'cover.jpg');
    await writeFile(notImage, 'not an image');
    const cover = await timbre(['export', 'x.timbre', '--out', world.workDir, '--cover', notImage]);
    expect(cover.code).toBe(2);
    expect(cover.stderr).toMatch(/--cover: “cover\.jpg” is not a JPEG or PNG image/u);
    expect(taskPosts()).toBe(posts);
  }, 60_000);

  it('refuses a named pipe as a project, and /dev/zero or a folder as --cover, at once and naming them', async () => {
    const pipe = path.join(world.workDir, 'pipe.timbre');
    execFileSync('mkfifo', [pipe]);
    const piped = await timbre(
      ['export', pipe, '--out', path.join(world.workDir, 'out-pipe'), '--data', world.dataDir],
      {
        timeoutMs: 20_000,
      },
    );
    expect(piped.code, piped.stdout + piped.stderr).toBe(1);
    expect(piped.stdout).toContain(
      'pipe: failed — “pipe.timbre” is not an ordinary file (it is a named pipe), so it cannot be read as a project file. Choose a file saved on disk.',
    );
    const zero = path.join(world.workDir, 'zero.jpg');
    await symlink('/dev/zero', zero);
    const zeroed = await timbre(['export', 'x.timbre', '--out', world.workDir, '--cover', zero], {
      timeoutMs: 20_000,
    });
    expect(zeroed.code, zeroed.stderr).toBe(2);
    expect(zeroed.stderr).toMatch(/--cover: “zero\.jpg” is not an ordinary file \(it is a device\)/u);
    const folder = path.join(world.workDir, 'art');
    await mkdir(folder);
    const foldered = await timbre(['export', 'x.timbre', '--out', world.workDir, '--cover', folder], {
      timeoutMs: 20_000,
    });
    expect(foldered.code).toBe(2);
    expect(foldered.stderr).toMatch(/--cover: “art” is a folder, not a file\. Choose a file inside it/u);
    expect(foldered.stderr).not.toMatch(/EISDIR/u);
  }, 60_000);

  it('leaves out a block whose task may already be charged, naming it and --confirm-charge-twice (issue 37)', async () => {
    const heldData = path.join(world.workDir, 'data-held');
    const generate = ['--generate', '--token-env', TOKEN_VARIABLE, '--data', heldData];
    const held = project('Held', ['Lost in the post.']);
    const file = await saveProject('held.timbre', held);
    // The service makes (and charges) the task, but its answer never comes back.
    world.standin.injectFault({ mode: 'drop-after', method: 'POST', pathPrefix: '/api/tts/generate' });
    const lost = await timbre(['export', file, '--out', path.join(world.workDir, 'out-held-1'), ...generate]);
    expect(lost.code, lost.stdout).toBe(1);
    const posts = taskPosts();

    // The same block again, with a new one: only the new one is sent, and the project fails saying why.
    const fresh = createTextBlock({ text: 'Sent all right.' });
    const speech = { blocks: [...held.tracks.speech.blocks, fresh] };
    await saveProject('held.timbre', { ...held, tracks: { ...held.tracks, speech } });
    const skipped = await timbre([
      'export',
      file,
      '--out',
      path.join(world.workDir, 'out-held-2'),
      ...generate,
    ]);
    expect(skipped.code, skipped.stdout).toBe(1);
    expect(skipped.stdout).toMatch(
      /Held: failed — 1 block was not sent, as it may be charged twice \(“Lost in the post\.”: Not sent, as it may be charged twice: its text is in task [0-9a-f-]+, and its answer was lost.+may charge ≈ 17 credits twice\. To send it anyway, run timbre again with --confirm-charge-twice/u,
    );
    expect(taskPosts()).toBe(posts + 1);
    const afterSkip = await readBack(file);
    expect(afterSkip.tracks.speech.blocks.map((block) => block.generation.kind)).toEqual([
      'failed',
      'generated',
    ]);

    const confirmed = await timbre([
      'export',
      file,
      '--out',
      path.join(world.workDir, 'out-held-3'),
      '--confirm-charge-twice',
      ...generate,
    ]);
    expect(confirmed.code, confirmed.stdout).toBe(0);
    expect(taskPosts()).toBe(posts + 2);

    const usage = await timbre(['--help']);
    expect(usage.stdout).toContain('--confirm-charge-twice');
    const alone = await timbre(['export', file, '--out', world.workDir, '--confirm-charge-twice']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--confirm-charge-twice applies with --generate only/u);
  }, 120_000);

  it('never sends a timed line marked to rewrite shorter, saying so before sending the others (issue 39)', async () => {
    const dub = project('Dub', ['Hello there.', 'Far too long a line for its slot, waiting for a rewrite.']);
    const [fits, long] = dub.tracks.speech.blocks;
    if (!fits || !long) throw new Error('two blocks');
    const timed = (startMs: number) => ({ startMs, cueEndMs: startMs + 900, lane: 0, fit: 'fixed' as const });
    const blocks = [
      { ...fits, timing: timed(0) },
      { ...long, timing: { ...timed(2_000), rewrite: true } },
    ];
    const file = await saveProject('dub.timbre', { ...dub, tracks: { ...dub.tracks, speech: { blocks } } });
    const posts = taskPosts();
    const run = await timbre([
      'export',
      file,
      '--out',
      path.join(world.workDir, 'out-dub'),
      '--generate',
      '--token-env',
      TOKEN_VARIABLE,
      '--data',
      path.join(world.workDir, 'data-dub'),
    ]);
    expect(run.stdout).toContain('To generate: 1 block in 1 project, up to ≈ 12 credits');
    expect(run.stdout).toContain(
      'Not sent: 1 line marked to rewrite shorter: rewrite it, or clear the mark, in the app; the export needs its audio.',
    );
    // One task, with the line that fits only; the marked line is left without audio, so the export stops on it.
    expect(taskPosts()).toBe(posts + 1);
    expect(run.code, run.stdout).toBe(1);
    const after = await readBack(file);
    expect(after.tracks.speech.blocks.map((block) => block.generation.kind)).toEqual([
      'generated',
      'not-generated',
    ]);
  }, 120_000);

  it('refuses a token given to --token-env in place of a name without printing it', async () => {
    const mistaken = 'sk_live_7f3a9c2b81';
    const run = await timbre([
      'export',
      'x.timbre',
      '--out',
      world.workDir,
      '--generate',
      '--token-env',
      mistaken,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--token-env: the environment variable it names is not set/u);
    expect(run.stderr + run.stdout).not.toContain(mistaken);
  }, 60_000);

  it('refuses a bad flag with exit code 2, naming the flag and the rule', async () => {
    const run = await timbre([
      'export',
      'x.timbre',
      '--out',
      world.workDir,
      '--format',
      'mp3',
      '--bitrate',
      '100',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /--bitrate must be one of 128, 160, 192, 224, 256, 320 kbps for --format mp3 \(got 100\)/,
    );
    expect(run.stdout).toBe('');
  }, 60_000);
});
