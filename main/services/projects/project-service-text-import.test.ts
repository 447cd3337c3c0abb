import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTextBlock, projectSchema } from '../../../common/project/index.js';
import { ipcError, useTempProjectsFolder } from './test-support/temp-projects-folder.js';

/** ProjectService importing pasted text and text files (in the import worker), and the project limits. */

const folder = useTempProjectsFolder();
const { service } = folder;

describe('ProjectService: importing text', () => {
  it('splits pasted text into blocks with the chosen options', async () => {
    const projects = service();
    const text = 'First sentence. Second sentence.\n\nA new paragraph.';
    const byParagraph = await projects.importText({ title: 'Paste', text });
    expect(
      byParagraph.project.tracks.speech.blocks.map((block) => block.type === 'text' && block.text),
    ).toEqual(['First sentence. Second sentence.', 'A new paragraph.']);
    const bySentence = await projects.importText({ title: 'Paste', text, split: { splitSentences: true } });
    expect(bySentence.project.tracks.speech.blocks).toHaveLength(3);
    expect(await ipcError(projects.importText({ title: 'Empty', text: ' \n ' }))).toMatchObject({
      data: { field: 'text' },
    });
    expect(
      await ipcError(projects.importText({ title: 'Bad', text, split: { maxLength: 3 } })),
    ).toMatchObject({
      data: { code: 'INVALID_INPUT', field: 'split.maxLength' },
    });
  });

  it('refuses a text that would make more blocks than a project holds, naming the limit, creating nothing', async () => {
    const projects = service();
    const before = await projects.list();
    // 5 MB of tiny paragraphs: a million blocks.
    const text = 'a\n\n'.repeat(1_000_000);
    const error = await ipcError(projects.importText({ title: 'Huge', text }));
    expect(error.data).toMatchObject({ code: 'INVALID_INPUT', field: 'text' });
    expect(error.message).toContain('1,000,000 blocks; a project holds at most 20,000');
    expect(await projects.list()).toEqual(before);
  });

  it('refuses a project over the limits on save, and titles, ids and service addresses out of shape', async () => {
    const projects = service();
    const { fileName, project } = await projects.create({ title: 'Small' });
    const blocks = Array.from({ length: 20_001 }, (_, index) => createTextBlock({ text: `b${index}` }));
    const huge = { ...project, tracks: { ...project.tracks, speech: { blocks } } };
    expect(() => projectSchema.parse(huge)).toThrow(/20,001 blocks; a project holds at most 20,000/);
    expect(() => projectSchema.parse({ ...project, title: 'x'.repeat(201) })).toThrow(/at most 200/);
    expect(() => projectSchema.parse({ ...project, id: 'x'.repeat(201) })).toThrow(/at most 200/);
    expect(() => projectSchema.parse({ ...project, serviceUrl: 'not a url' })).toThrow(/http/);
    expect(projectSchema.parse({ ...project, serviceUrl: 'https://api.example.com' })).toBeTruthy();
    expect(fileName).toMatch(/\.timbre$/);
  });

  it('imports text files in UTF-8, UTF-16 and Windows-1252, titled after the file', async () => {
    const projects = service();
    const utf16 = path.join(folder.dataDir, 'Radio script.txt');
    await writeFile(
      utf16,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Héllo there.\r\n\r\n第二段。', 'utf16le')]),
    );
    const fromUtf16 = await projects.importTextFile({ filePath: utf16 });
    expect(fromUtf16.project.title).toBe('Radio script');
    expect(
      fromUtf16.project.tracks.speech.blocks.map((block) => block.type === 'text' && block.text),
    ).toEqual(['Héllo there.', '第二段。']);

    const latin = path.join(folder.dataDir, 'old.txt');
    await writeFile(latin, Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x6f, 0x6b, 0x94]));
    const fromLatin = await projects.importTextFile({ filePath: latin, title: 'Café' });
    expect(fromLatin.project.tracks.speech.blocks[0]).toMatchObject({ text: 'Café “ok”' });

    expect(
      await ipcError(projects.importTextFile({ filePath: path.join(folder.dataDir, 'missing.txt') })),
    ).toMatchObject({
      data: { code: 'NOT_FOUND', field: 'filePath' },
    });
  });

  it('refuses text files over the size limit before reading them', async () => {
    const projects = service();
    const big = path.join(folder.dataDir, 'big.txt');
    await writeFile(big, '');
    await truncate(big, 21 * 1024 * 1024);
    expect(await ipcError(projects.importTextFile({ filePath: big }))).toMatchObject({
      data: { field: 'filePath' },
    });
  });
});
