import { describe, expect, it } from 'vitest';
import { projectMethods } from './project-methods.js';

const staged = {
  stagingId: '00000000-0000-4000-8000-000000000000',
  fileName: 'script.txt',
};

describe('import inputs', () => {
  it('take the encoding the user chose for a file, and only one the app can read', () => {
    for (const name of ['projects.previewImport', 'projects.importStaged'] as const) {
      const input = projectMethods[name].input;
      expect(input.safeParse({ ...staged, encoding: 'utf-16be' }).success).toBe(true);
      expect(input.safeParse(staged).success).toBe(true);
      const refused = input.safeParse({ ...staged, encoding: 'latin-9' });
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]).toMatchObject({
        path: ['encoding'],
        message: 'must be one of utf-8, utf-16le, utf-16be, windows-1252',
      });
    }
  });
});
