import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A style sheet's text with its `@import`s inlined, as Vite bundles it, for tests that lay a component out in
 * Chromium: a `<style>` injected into a blank page cannot resolve a sheet's relative imports itself.
 */
export function styleSheetText(file: string): string {
  return readFileSync(file, 'utf8').replace(/^@import '([^']+)';$/gmu, (_line, imported: string) =>
    styleSheetText(path.resolve(path.dirname(file), imported)),
  );
}
