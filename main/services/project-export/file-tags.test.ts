import { describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../../common/export/project-export-settings.js';
import { createProject } from '../../../common/project/index.js';
import { creditsFacts } from '../../../common/export/credits-text.js';
import { fileTagsFor } from './project-exporter.js';

describe('fileTagsFor: the tags an export starts from', () => {
  const base = createProject({ title: 'The Salt Road', textBlocks: ['One.'] });

  it('tags the narrator the credits dialog kept, unless the export names another', () => {
    const project = {
      ...base,
      metadata: { author: 'Mara Quill', narrator: 'Ellen Marsh', copyright: '© 2026 Mara Quill' },
    };
    expect(fileTagsFor(project, defaultProjectExportSettings, [], undefined)?.metadata).toEqual({
      title: 'The Salt Road',
      author: 'Mara Quill',
      narrator: 'Ellen Marsh',
    });
    const named = { ...defaultProjectExportSettings, metadata: { narrator: 'Tom Reed' } };
    expect(fileTagsFor(project, named, [], undefined)?.metadata.narrator).toBe('Tom Reed');
    const onlyNarrator = { ...base, metadata: { narrator: 'Ellen Marsh' } };
    expect(fileTagsFor(onlyNarrator, defaultProjectExportSettings, [], undefined)?.metadata).toEqual({
      title: 'The Salt Road',
      narrator: 'Ellen Marsh',
    });
  });

  it('tags the narrator the credits name, the narrator voice’s, when no narrator was typed', () => {
    const voiced = createProject({
      title: 'The Salt Road',
      textBlocks: ['One.'],
      defaults: { voiceId: 'v-bruno', voiceName: 'Bruno' },
    });
    const project = { ...voiced, metadata: { author: 'Mara Quill' } };
    expect(creditsFacts(project).narrator).toBe('Bruno');
    expect(fileTagsFor(project, defaultProjectExportSettings, [], undefined)?.metadata).toEqual({
      title: 'The Salt Road',
      author: 'Mara Quill',
      narrator: 'Bruno',
    });
    const named = { ...defaultProjectExportSettings, metadata: { narrator: 'Tom Reed' } };
    expect(fileTagsFor(project, named, [], undefined)?.metadata.narrator).toBe('Tom Reed');
  });

  it('tags nothing for a project whose metadata names no one and that asks for no tags', () => {
    const project = { ...base, metadata: { copyright: '© 2026 Mara Quill', language: 'en' } };
    expect(fileTagsFor(project, defaultProjectExportSettings, [], undefined)).toBeUndefined();
  });
});
