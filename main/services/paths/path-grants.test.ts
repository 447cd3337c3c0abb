import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PathGrants } from './path-grants.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'timbre-grants-'));
  await mkdir(path.join(root, 'exports', 'show'), { recursive: true });
  await mkdir(path.join(root, 'elsewhere'));
  await symlink(path.join(root, 'elsewhere'), path.join(root, 'exports', 'link-out'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('PathGrants', () => {
  it('allows a chosen file, anything inside a chosen folder, and nothing else', async () => {
    const grants = new PathGrants();
    grants.grantFolder(path.join(root, 'exports'));
    grants.grantFile(path.join(root, 'elsewhere', 'picked.wav'));
    expect(await grants.allows(path.join(root, 'exports', 'show', 'Episode 1.mp3'))).toBe(true);
    expect(await grants.allows(path.join(root, 'exports', 'new-folder', 'a.wav'))).toBe(true);
    expect(await grants.allows(path.join(root, 'elsewhere', 'picked.wav'))).toBe(true);
    // The same name in another format (the user switched WAV to MP3 after choosing), and its subtitles.
    expect(await grants.allows(path.join(root, 'elsewhere', 'picked.mp3'))).toBe(true);
    expect(await grants.allows(path.join(root, 'elsewhere', 'picked.srt'))).toBe(true);
    expect(await grants.allows(path.join(root, 'elsewhere', 'other.wav'))).toBe(false);
    expect(await grants.allows(path.join(root, 'exports-evil', 'x.wav'))).toBe(false);
    expect(await grants.allows(path.join(root, 'exports', '..', '.bashrc'))).toBe(false);
    expect(await grants.allows('relative/path.wav')).toBe(false);
  });

  it('grants everything under the root folder when "/" is the folder chosen', async () => {
    const grants = new PathGrants();
    expect(await grants.allows(path.join(root, 'exports', 'show', 'Episode 1.wav'))).toBe(false);
    grants.grantFolder('/');
    expect(await grants.allows('/')).toBe(true);
    expect(await grants.allows(path.join(root, 'exports', 'show', 'Episode 1.wav'))).toBe(true);
    expect(await grants.allows('/Episode.wav')).toBe(true);
  });

  it('does not let a symbolic link inside a granted folder lead out of it', async () => {
    const grants = new PathGrants();
    grants.grantFolder(path.join(root, 'exports'));
    expect(await grants.allows(path.join(root, 'exports', 'link-out', 'escape.wav'))).toBe(false);
  });

  it('refuses with an error that names the field and says what to do', async () => {
    const grants = new PathGrants();
    await expect(grants.require('/etc/passwd', 'sources.0.path', 'A project file')).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'sources.0.path' },
      message: expect.stringContaining('Choose…'),
    });
  });
});
