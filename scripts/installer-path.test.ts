import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * resources/installer.nsh edits the user's PATH in the registry. NSIS cannot run here, so this reads the script:
 * ReadRegStr gives "" with the error flag set both when there is no PATH value and when the PATH is longer than
 * NSIS's strings (NSIS_MAX_STRLEN), so a PATH read without checking the flag and written back with our folder
 * replaces the user's whole PATH (seen under Wine with NSIS 3.08: a 1,889-character PATH became our folder alone).
 */
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const script = readFileSync(path.join(root, 'resources', 'installer.nsh'), 'utf8');

/** The macro's lines without comments or blank lines. */
function macroLines(name: string): string[] {
  const start = script.indexOf(`!macro ${name}\n`);
  const end = script.indexOf('!macroend', start);
  expect(start, `${name} in installer.nsh`).toBeGreaterThanOrEqual(0);
  return script
    .slice(start, end)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith(';'));
}

describe('installer.nsh: the PATH edit', () => {
  it('clears the error flag before reading the PATH, and tells no PATH from an unreadable one before writing', () => {
    const lines = macroLines('customInstall');
    const read = lines.findIndex((line) => /^ReadRegStr \$0 HKCU "Environment" "Path"$/u.test(line));
    expect(read, 'customInstall reads the PATH').toBeGreaterThan(0);
    expect(lines[read - 1], 'ClearErrors right before ReadRegStr').toBe('ClearErrors');
    expect(lines[read + 1], 'the error flag checked right after').toBe('${If} ${Errors}');
    // A PATH value that is there but could not be read (its name found among the key's values) is left alone.
    const unreadable = lines.findIndex((line) => line.startsWith('StrCmp $2 "Path"'));
    const write = lines.findIndex((line) => line.startsWith('WriteRegExpandStr HKCU "Environment" "Path"'));
    expect(unreadable).toBeGreaterThan(read);
    expect(write).toBeGreaterThan(unreadable);
  });
});
