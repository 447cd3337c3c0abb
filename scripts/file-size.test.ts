import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Past this, a file holds more than one job: split it by job (issue 38). */
const MAX_LINES = 400;
const SOURCE_FOLDERS = ['common', 'main', 'preload', 'renderer', 'standin', 'scripts', 'e2e'];
const SOURCE_FILE = /\.(ts|tsx|mjs|css)$/u;
/**
 * Benchmarks (scripts/bench-*, their support folder included) keep their scenarios and measured figures in one
 * place; files the build writes (*.generated.ts) are not written by hand.
 */
const EXEMPT = /^scripts\/bench-|\.generated\.ts$/u;

/** Every source file under the folders, as a path from the repository root with forward slashes. */
function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
      .filter((file) => SOURCE_FILE.test(file) && !file.includes('/node_modules/') && !EXEMPT.test(file)),
  );
}

function lineCount(file: string): number {
  const text = readFileSync(path.join(root, file), 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('source file size', () => {
  it(`keeps every source file at ${MAX_LINES} lines or fewer (benchmarks aside)`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong, `Over ${MAX_LINES} lines; split each by job:\n${tooLong.join('\n')}`).toEqual([]);
  });
});
