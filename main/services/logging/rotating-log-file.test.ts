import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileLogger } from './logger.js';
import { listLogFiles } from './rotating-log-file.js';

const rotation = { maxFileBytes: 1_000, rotatedFiles: 3 };
let dir: string;
let logPath: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-log-rotation-'));
  logPath = path.join(dir, 'logs', 'main.log');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const quiet = (): void => undefined;

async function logLines(): Promise<{ name: string; lines: string[]; bytes: number }[]> {
  const files = await listLogFiles(path.join(dir, 'logs'));
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, 'utf8');
      return { name: path.basename(file), lines: text.split('\n').filter(Boolean), bytes: text.length };
    }),
  );
}

describe('a log at its size cap', () => {
  it('moves to main.1.log … main.3.log, drops the oldest, and keeps every file under the cap', async () => {
    const logger = new FileLogger(logPath, quiet, rotation);
    // Written without waiting between lines, as the app logs: every line goes through the one write chain.
    for (let index = 0; index < 200; index += 1) logger.info(`line ${String(index).padStart(3, '0')}`);
    await logger.flush();

    const files = await logLines();
    expect(files.map((file) => file.name)).toEqual(['main.1.log', 'main.2.log', 'main.3.log', 'main.log']);
    for (const file of files) expect(file.bytes).toBeLessThanOrEqual(rotation.maxFileBytes);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    expect(total).toBeLessThanOrEqual(rotation.maxFileBytes * (rotation.rotatedFiles + 1));
    // The newest lines, oldest file first, with no gap: nothing written during a rotation was lost.
    const kept = [files[2]!, files[1]!, files[0]!, files[3]!].flatMap((file) => file.lines);
    const numbers = kept.map((line) => Number(/line (\d+)$/u.exec(line)?.[1]));
    expect(numbers.at(-1)).toBe(199);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
    expect(numbers[0]).toBeGreaterThan(0);
  });

  it('loses no line when everything fits within the cap, however fast it is written', async () => {
    const logger = new FileLogger(logPath, quiet, { maxFileBytes: 500, rotatedFiles: 50 });
    for (let index = 0; index < 300; index += 1) logger.warn(`concurrent ${index}`);
    await logger.flush();
    const all = (await logLines()).flatMap((file) => file.lines);
    expect(all).toHaveLength(300);
    expect(new Set(all.map((line) => line.replace(/^\S+ /u, ''))).size).toBe(300);
  });

  it('counts from the size on disk after a restart', async () => {
    const first = new FileLogger(logPath, quiet, rotation);
    first.info('x'.repeat(900));
    await first.flush();
    const second = new FileLogger(logPath, quiet, rotation);
    second.info('after the restart, this line does not fit beside the first one');
    await second.flush();
    const files = await logLines();
    expect(files.map((file) => file.name)).toEqual(['main.1.log', 'main.log']);
    expect(files[1]!.lines).toHaveLength(1);
    expect(files[1]!.lines[0]).toContain('after the restart');
  });

  it('keeps only the newest part of a log from before rotation existed', async () => {
    await mkdir(path.dirname(logPath), { recursive: true });
    await writeFile(logPath, `${'old line\n'.repeat(5_000)}newest old line\n`);
    const restarted = new FileLogger(logPath, quiet, rotation);
    restarted.info('first line of this version');
    await restarted.flush();
    const rotated = await readFile(path.join(dir, 'logs', 'main.1.log'), 'utf8');
    expect(rotated.length).toBeLessThanOrEqual(rotation.maxFileBytes);
    expect(rotated.endsWith('newest old line\n')).toBe(true);
  });

  it('keeps writing every line to the current file when a rotation cannot happen', async () => {
    await mkdir(path.join(dir, 'logs', 'main.3.log', 'in the way'), { recursive: true });
    await writeFile(path.join(dir, 'logs', 'main.2.log'), 'older\n');
    const logger = new FileLogger(logPath, quiet, rotation);
    for (let index = 0; index < 60; index += 1) logger.info(`kept ${index}`);
    await logger.flush();
    const current = (await readFile(logPath, 'utf8')).split('\n').filter(Boolean);
    expect(current.map((line) => line.replace(/^.* kept /u, ''))).toEqual(
      Array.from({ length: 60 }, (_, index) => String(index)),
    );
  });

  it('goes on logging, into a new file counted from zero, after the logs folder was deleted while running', async () => {
    const logger = new FileLogger(logPath, quiet, rotation);
    logger.info('x'.repeat(600));
    await logger.flush();
    await rm(path.dirname(logPath), { recursive: true });
    logger.info('after the folder was deleted');
    // Fits beside the line above in the new file; counted with the deleted file's 600 bytes, it would rotate.
    logger.info('y'.repeat(500));
    await logger.flush();
    const files = await logLines();
    expect(files.map((file) => file.name)).toEqual(['main.log']);
    expect(files[0]!.lines.map((line) => line.replace(/^\S+ INFO /u, ''))).toEqual([
      'after the folder was deleted',
      'y'.repeat(500),
    ]);
  });

  it('creates and rotates files readable by the user only (0600)', async () => {
    const logger = new FileLogger(logPath, quiet, rotation);
    for (let index = 0; index < 60; index += 1) logger.error(`failure ${index}`);
    await logger.flush();
    const names = await readdir(path.join(dir, 'logs'));
    expect(names.length).toBeGreaterThan(1);
    if (process.platform === 'win32') return; // Windows has no POSIX modes.
    for (const name of names) {
      expect((await stat(path.join(dir, 'logs', name))).mode & 0o777).toBe(0o600);
    }
  });
});
