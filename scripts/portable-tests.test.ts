import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OS_MARKERS, testsMissingOn } from './portable-tests.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The marker of one kind of thing only some OSes have (read from the list, so this file names none itself). */
function osMarker(reasonWord: string): { marker: string; reason: string } {
  const entry = OS_MARKERS.find(({ reason }) => reason.includes(reasonWord));
  if (!entry) throw new Error(`No OS marker whose reason mentions ${reasonWord}`);
  return entry;
}
const { marker: launch, reason: drivesChromium } = osMarker('Chromium');
const { marker: fifo, reason: makesFifos } = osMarker('FIFOs');

describe('the unit tests CI runs on macOS and Windows (scripts/portable-tests.mjs)', () => {
  const sources = new Map([
    ['renderer/Page.layout.test.tsx', `import { layoutChromium } from './test-support/chromium.js';`],
    ['renderer/test-support/chromium.ts', `export const layoutChromium = () => ({ executablePath: '/x' });`],
    ['renderer/Launch.test.tsx', `const browser = await ${launch}layoutChromium());`],
    ['main/files/refusals.test.ts', `import { makeFifo } from './test-support/special-files.js';`],
    [
      'main/files/test-support/special-files.ts',
      `import { spawn } from './spawn-tool.js';\nspawn('${fifo}');`,
    ],
    ['main/files/test-support/spawn-tool.ts', 'export const spawn = () => {};'],
    ['main/files/plain.test.ts', `import { helper } from '../lib/helper.js'; // not test support`],
    ['main/lib/helper.ts', `// '${fifo}' named outside test support does not make a test Linux-only`],
    ['common/pure.test.ts', 'expect(1 + 1).toBe(2);'],
    ['main/app/world.integration.test.ts', `'${launch}' '${fifo}'`],
  ]);

  it('leaves out on macOS the tests that launch Chromium, and keeps FIFOs, which macOS has', () => {
    expect(testsMissingOn(sources, 'darwin')).toEqual([
      { file: 'renderer/Launch.test.tsx', reasons: [drivesChromium] },
    ]);
  });

  it('leaves out on Windows also the tests whose test support makes FIFOs, however deep the import', () => {
    expect(testsMissingOn(sources, 'win32')).toEqual([
      { file: 'main/files/refusals.test.ts', reasons: [makesFifos] },
      { file: 'renderer/Launch.test.tsx', reasons: [drivesChromium] },
    ]);
  });

  it('leaves nothing out on Linux, and never lists the integration tests (left out by pattern)', () => {
    expect(testsMissingOn(sources, 'linux')).toEqual([]);
  });

  it('lists the selection on this checkout with the reasons, without running it', () => {
    const listing = execFileSync(
      process.execPath,
      [path.join(root, 'scripts', 'portable-tests.mjs'), '--list', '--platform', 'win32'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(listing).toMatch(/^Unit tests on win32: all but \*\*\/\*\.integration\.test\.ts and /u);
    // Every file listed exists and is a unit test: the selection reads the real tree.
    const listed = [...listing.matchAll(/^ {2}- (\S+): /gmu)].map((match) => match[1]!);
    expect(listed.length).toBeGreaterThan(0);
    expect(
      listed.filter((file) => !/\.test\.tsx?$/u.test(file) || /integration|contract/u.test(file)),
    ).toEqual([]);
    // The browser tests find Chromium through CHROMIUM_PATH now, and are still left out for launching it; the
    // lookup's own unit test, which launches nothing, runs.
    expect(listed).toEqual(
      expect.arrayContaining([
        'main/services/export/subtitles/vtt-in-browser.test.ts',
        'renderer/components/Toasts.layout.test.tsx',
      ]),
    );
    expect(listed).not.toContain('scripts/system-tools.test.ts');
  });
});
