import { describe, expect, it } from 'vitest';
import { batchMethods } from './batch-methods.js';
import { cliMethods } from './cli-methods.js';
import { exportMethods } from './export-methods.js';
import { filesMethods } from './files-methods.js';
import { generationMethods } from './generation-methods.js';
import { projectMethods } from './project-methods.js';
import { supportMethods } from './support-methods.js';
import { videoMethods } from './video-methods.js';

/** Each `<area>-methods.ts` holds its area's methods only, so a method's name says which file declares it. */
describe('the contract, one file per area', () => {
  // Names only: the schemas are too deep to print in a test's title.
  const areas: [string, string[]][] = [
    ['generation', Object.keys(generationMethods)],
    ['export', Object.keys(exportMethods)],
    ['files', Object.keys(filesMethods)],
    ['batch', Object.keys(batchMethods)],
    ['projects', Object.keys(projectMethods)],
    ['video', Object.keys(videoMethods)],
    ['support', Object.keys(supportMethods)],
    ['cli', Object.keys(cliMethods)],
  ];
  it.each(areas)('%s-methods.ts holds only its own methods', (area, names) => {
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !name.startsWith(`${area}.`))).toEqual([]);
  });
});
