import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { ProjectService } from './project-service.js';

function textsOf(project: Project): string[] {
  return project.tracks.speech.blocks.flatMap((block) => (block.type === 'text' ? [block.text] : []));
}

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'timbre-encoding-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('ProjectService: a text file’s encoding', () => {
  it('detects UTF-16BE without a mark, and reads the file in the encoding the user chose instead', async () => {
    const utf16 = path.join(dataDir, 'staged-1');
    const text = 'At the café, nobody spoke.\n';
    await writeFile(utf16, Buffer.from(text, 'utf16le').swap16());
    const projects = new ProjectService({ dataDir });

    const detected = await projects.importTextFile({ filePath: utf16, fileName: 'cafe.txt' });
    expect(textsOf(detected.project)).toEqual(['At the café, nobody spoke.']);

    const utf8 = path.join(dataDir, 'staged-2');
    await writeFile(utf8, text);
    const preview = await projects.previewImportFile({
      filePath: utf8,
      fileName: 'cafe.txt',
      encoding: 'windows-1252',
    });
    expect(preview.blockCount).toBe(1);
    const chosen = await projects.importTextFile({
      filePath: utf8,
      fileName: 'cafe.txt',
      encoding: 'windows-1252',
    });
    expect(textsOf(chosen.project)).toEqual(['At the cafÃ©, nobody spoke.']);
  });
});
