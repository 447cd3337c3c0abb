import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const HELPER = path.join('common', 'text', 'bearer-redaction.ts');

/**
 * The app removes `Bearer …` credentials in one place (common/text/bearer-redaction.ts). Three copies of the
 * pattern once lived in the logger, the service clients and the problem report; a fix to one would have left a
 * token in the others. The stand-in, which reads the header rather than hiding it, is not the app.
 */
describe('the Bearer credential pattern', () => {
  it('is written once, in common/text/bearer-redaction.ts, and every other module imports it', () => {
    const copies: string[] = [];
    for (const folder of ['common', 'main', 'preload', 'renderer']) {
      for (const name of readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })) {
        const file = path.join(folder, name);
        if (!/\.tsx?$/u.test(name) || /\.test\.tsx?$/u.test(name) || name.includes('node_modules')) continue;
        if (/bearer\\s/iu.test(readFileSync(path.join(root, file), 'utf8'))) copies.push(file);
      }
    }
    expect(copies).toEqual([HELPER]);
  });
});
