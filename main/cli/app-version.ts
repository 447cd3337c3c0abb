import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** package.json two folders up: from main/cli/ in the sources and from dist/main/ in the build alike. */
export function readVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  try {
    return (
      JSON.parse(readFileSync(path.join(here, '..', '..', 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'unknown';
  }
}
