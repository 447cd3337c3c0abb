import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const featuresFolder = path.join(root, 'renderer', 'features');

/**
 * Which feature folder may use which. The graph has no cycle, so no two features import each other: the editor
 * hosts Generate and Export, an export may generate first, the projects page mounts the editor, the tasks page
 * shows generation's charge-twice dialog. What two features both need lives in renderer/shared.
 */
const MAY_USE: Readonly<Record<string, readonly string[]>> = {
  editor: ['generation', 'export'],
  export: ['generation'],
  generation: [],
  projects: ['editor'],
  settings: [],
  tasks: ['generation'],
  voices: [],
};

function featureOf(file: string): string | null {
  const relative = path.relative(featuresFolder, file);
  if (relative.startsWith('..')) return null;
  return relative.split(path.sep)[0] ?? null;
}

/** Every relative module a source names: static and dynamic imports, re-exports and `vi.mock` paths. */
function relativeSpecifiers(text: string): string[] {
  return [...text.matchAll(/(?:from |import\(|vi\.mock\()'(\.{1,2}\/[^']+)'/gu)].map(
    (match) => match[1] ?? '',
  );
}

function featureImports(): { from: string; feature: string; uses: string }[] {
  const crossings: { from: string; feature: string; uses: string }[] = [];
  for (const name of readdirSync(featuresFolder, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/u.test(name)) continue;
    const file = path.join(featuresFolder, name);
    const feature = featureOf(file);
    for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
      const uses = featureOf(path.resolve(path.dirname(file), specifier));
      if (feature && uses && uses !== feature) crossings.push({ from: name, feature, uses });
    }
  }
  return crossings;
}

describe('renderer feature folders', () => {
  it('are exactly the ones the dependency table knows', () => {
    const folders = readdirSync(featuresFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      // Git keeps no empty folder, but a checkout may: one left behind by a move is not a feature.
      .filter((name) => readdirSync(path.join(featuresFolder, name)).length > 0);
    expect(folders.sort()).toEqual(Object.keys(MAY_USE).sort());
  });

  it('use another feature only along the table, so no two import each other', () => {
    const crossings = featureImports();
    // The check has something to check: the editor does host Generate and Export.
    expect(
      crossings.some((crossing) => crossing.feature === 'editor' && crossing.uses === 'generation'),
    ).toBe(true);
    const forbidden = crossings
      .filter((crossing) => !(MAY_USE[crossing.feature] ?? []).includes(crossing.uses))
      .map((crossing) => `${crossing.from} uses ${crossing.uses}`);
    expect(forbidden).toEqual([]);
  });

  it('table has no cycle', () => {
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      (MAY_USE[from] ?? []).some(
        (next) => next === to || (!seen.has(next) && reaches(next, to, seen.add(next))),
      );
    expect(Object.keys(MAY_USE).filter((feature) => reaches(feature, feature))).toEqual([]);
  });
});
