import { mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadStaging } from './upload-staging.js';

describe('UploadStaging', () => {
  let dir: string;
  let staging: UploadStaging;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-staging-'));
    staging = new UploadStaging(dir, 1000);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('assembles ordered chunks into the exact file', async () => {
    const { stagingId } = await staging.begin({
      fileName: 'take.wav',
      mediaType: 'audio/wav',
      sizeBytes: 10,
    });
    await staging.append(stagingId, 0, Uint8Array.from([0, 1, 2, 3]));
    expect(await staging.append(stagingId, 4, Uint8Array.from([4, 5, 6, 7, 8, 9]))).toEqual({
      receivedBytes: 10,
    });
    const file = await staging.finish(stagingId);
    expect(file).toMatchObject({ fileName: 'take.wav', mediaType: 'audio/wav', sizeBytes: 10 });
    expect([...(await readFile(file.path))]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(staging.finished(stagingId, 'prompt').path).toBe(file.path);
  });

  it('refuses a file over the limit before receiving anything, naming the size', async () => {
    await expect(
      staging.begin({ fileName: 'huge.wav', mediaType: 'audio/wav', sizeBytes: 1001 }),
    ).rejects.toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'sizeBytes' },
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses out-of-order chunks and chunks past the declared size', async () => {
    const { stagingId } = await staging.begin({ fileName: 'a.wav', mediaType: 'audio/wav', sizeBytes: 4 });
    await expect(staging.append(stagingId, 2, Uint8Array.from([1]))).rejects.toMatchObject({
      data: { field: 'offset', message: '"offset" must be 0 (chunks arrive in order), got 2' },
    });
    await expect(staging.append(stagingId, 0, new Uint8Array(5))).rejects.toMatchObject({
      data: { field: 'data' },
    });
    expect(await readdir(dir)).toEqual([]);
    await expect(staging.finish(stagingId)).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } });
  });

  it('will not finish or hand out an incomplete file', async () => {
    const { stagingId } = await staging.begin({ fileName: 'a.wav', mediaType: 'audio/wav', sizeBytes: 4 });
    await staging.append(stagingId, 0, Uint8Array.from([1, 2]));
    await expect(staging.finish(stagingId)).rejects.toMatchObject({
      data: { message: expect.stringContaining('2 of 4 bytes') },
    });
    expect(() => staging.finished(stagingId, 'prompt')).toThrow('was not received completely');
  });

  it('sweeps stagings abandoned by an earlier run', async () => {
    const old = path.join(dir, 'old.part');
    const fresh = path.join(dir, 'fresh.part');
    await writeFile(old, 'x');
    await writeFile(fresh, 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await utimes(old, twoDaysAgo, twoDaysAgo);
    await staging.sweep();
    expect(await readdir(dir)).toEqual(['fresh.part']);
  });
});
