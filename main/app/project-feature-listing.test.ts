import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProject, INITIAL_DEFAULTS } from '../../common/project/block-factory.js';
import type { ProjectListEntry } from '../../common/project/library-views.js';
import { writeProjectFile } from '../../common/project/project-file.js';
import { MemoryLogger } from '../services/logging/logger.js';
import { PathGrants } from '../services/paths/path-grants.js';
import { useTempProjectsFolder } from '../services/projects/test-support/temp-projects-folder.js';
import { SettingsService } from '../services/settings/settings-service.js';
import { UploadStaging } from '../services/staging/upload-staging.js';
import { createProjectFeature } from './project-feature.js';

/** projects.list over IPC: the page's prompt listing, and projects.listCounted once its rows are counted. */

const folder = useTempProjectsFolder();

async function feature(budgetMs: number) {
  const logger = new MemoryLogger();
  const emitted: string[] = [];
  const handlers = createProjectFeature({
    projects: folder.service(),
    settings: new SettingsService(path.join(folder.dataDir, 'settings.json'), logger),
    staging: new UploadStaging(path.join(folder.dataDir, 'staging'), 1024),
    logger,
    grants: new PathGrants(),
    events: { emit: (eventName) => emitted.push(eventName) },
    promptListingBudgetMs: budgetMs,
  });
  await mkdir(folder.projectsDir(), { recursive: true });
  for (const number of [1, 2, 3]) {
    const project = createProject({ title: `Episode ${number}`, defaults: INITIAL_DEFAULTS });
    await writeFile(folder.fileOf(`episode-${number}-00000${number}.timbre`), writeProjectFile(project));
  }
  return { list: handlers['projects.list'], emitted };
}

const states = (entries: ProjectListEntry[]) =>
  entries.map((entry) => (!entry.ok ? entry.problem : entry.counting ? 'counting' : 'counted'));

describe('projects.list', () => {
  it('answers the page promptly, and tells it once when the rows it left uncounted are counted', async () => {
    const { list, emitted } = await feature(0);
    expect(states(await list({ promptly: true }))).toEqual(['counting', 'counting', 'counting']);
    await expect.poll(() => emitted).toEqual(['projects.listCounted']);
    expect(states(await list({ promptly: true }))).toEqual(['counted', 'counted', 'counted']);
    expect(emitted).toEqual(['projects.listCounted']);
  });

  it('counts every row without `promptly` (a batch needs their credits), and tells nothing', async () => {
    const { list, emitted } = await feature(0);
    expect(states(await list(undefined))).toEqual(['counted', 'counted', 'counted']);
    expect(emitted).toEqual([]);
  });
});
