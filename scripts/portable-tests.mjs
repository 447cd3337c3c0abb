// The unit tests CI runs on macOS and Windows (.github/workflows/ci.yml, job "portable"): every vitest file except
//   - *.integration.test.ts and *.contract.test.ts: they run the stand-in, the `timbre` CLI and the Electron
//     shell's bundle as processes, and run on Linux, in `npm test`;
//   - the files that need something this OS does not have (a Chromium, Debian's epubcheck, /proc, FIFOs…), found
//     by reading each test file and the test-support files it imports, and listed with the reason before the run.
// So a new test that needs Linux is left out on its own, saying so, instead of failing there or being forgotten.
//
//   node scripts/portable-tests.mjs [FILTER...]                       # run them (those matching FILTER) here
//   node scripts/portable-tests.mjs --list [--platform darwin|win32]  # print the selection only
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const TEST_FOLDERS = ['common', 'main', 'preload', 'standin', 'scripts', 'renderer'];

/** Left out on every OS but Linux: run elsewhere by `npm test` on Linux. */
const PROCESS_TEST_PATTERNS = ['**/*.integration.test.ts', '**/*.contract.test.ts'];

/** What a test names that only some OSes have, and why that keeps it from running elsewhere. */
export const OS_MARKERS = [
  // CI's macOS and Windows jobs have no browser (CHROMIUM_PATH): the layout figures are measured with Linux's fonts,
  // and the layout tests turn import.meta.url into a POSIX path.
  { marker: 'chromium.launch(', missingOn: ['darwin', 'win32'], reason: 'launches Chromium (run on Linux)' },
  { marker: '/usr/bin/dash', missingOn: ['darwin', 'win32'], reason: "runs Debian's dash" },
  { marker: '/usr/share/java/', missingOn: ['darwin', 'win32'], reason: "runs Debian's epubcheck jar" },
  { marker: '/proc/', missingOn: ['darwin', 'win32'], reason: "reads Linux's /proc" },
  { marker: 'mkfifo', missingOn: ['win32'], reason: 'makes FIFOs (mkfifo)' },
  { marker: '/dev/zero', missingOn: ['win32'], reason: 'links to /dev/zero' },
  { marker: '/bin/sh', missingOn: ['win32'], reason: 'runs /bin/sh' },
];

/**
 * The test files that cannot run on `platform`, each with its reasons. `sources` maps every file (test or not,
 * relative to the root, with forward slashes) to its text; a test is judged on its own text and on that of the
 * test-support files it imports, however deep.
 * @param {Map<string, string>} sources
 * @param {string} platform
 * @returns {{ file: string, reasons: string[] }[]}
 */
export function testsMissingOn(sources, platform) {
  const markers = OS_MARKERS.filter((entry) => entry.missingOn.includes(platform));
  const result = [];
  for (const file of [...sources.keys()].filter(isUnitTestFile).sort()) {
    const reasons = new Set();
    for (const source of withTestSupport(file, sources)) {
      const text = sources.get(source) ?? '';
      for (const { marker, reason } of markers) if (text.includes(marker)) reasons.add(reason);
    }
    if (reasons.size > 0) result.push({ file, reasons: [...reasons] });
  }
  return result;
}

function isUnitTestFile(file) {
  return /\.test\.tsx?$/u.test(file) && !/\.(integration|contract)\.test\.ts$/u.test(file);
}

/** The file and the test-support files it imports, directly or through each other. */
function withTestSupport(file, sources) {
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.shift();
    const text = sources.get(current) ?? '';
    for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+)'/gu)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(current), specifier));
      const found = [target, target.replace(/\.js$/u, '.ts'), target.replace(/\.js$/u, '.tsx')].find(
        (candidate) => sources.has(candidate) && /(^|\/)test-support\//u.test(candidate),
      );
      if (found && !seen.has(found)) {
        seen.add(found);
        queue.push(found);
      }
    }
  }
  return [...seen];
}

function readSources() {
  const sources = new Map();
  for (const folder of TEST_FOLDERS) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${entry.split(path.sep).join('/')}`;
      if (/\.(tsx?|mjs)$/u.test(file) && !file.includes('node_modules/')) {
        sources.set(file, readFileSync(path.join(root, file), 'utf8'));
      }
    }
  }
  return sources;
}

function main() {
  const args = process.argv.slice(2);
  const platformAt = args.indexOf('--platform');
  const platform = platformAt >= 0 ? (args[platformAt + 1] ?? '') : process.platform;
  const listOnly = args.includes('--list');
  // Anything else is handed to vitest as a file filter (e.g. `common/text`), to run part of the selection.
  const filters = args.filter((arg, index) => !arg.startsWith('--') && index !== platformAt + 1);
  const leftOut = testsMissingOn(readSources(), platform);
  console.log(
    `Unit tests on ${platform}: all but ${PROCESS_TEST_PATTERNS.join(' and ')} (run on Linux), and:`,
  );
  for (const { file, reasons } of leftOut) console.log(`  - ${file}: ${reasons.join('; ')}`);
  if (leftOut.length === 0) console.log('  (nothing else)');
  if (listOnly) return;
  const excludes = [...PROCESS_TEST_PATTERNS, ...leftOut.map(({ file }) => file)].flatMap((pattern) => [
    '--exclude',
    pattern,
  ]);
  // vitest's own entry through this Node: no shell and no .cmd shim, the same on every OS.
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const result = spawnSync(process.execPath, [vitest, 'run', ...excludes, ...filters], {
    cwd: root,
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
