import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readProjectFile } from '../../common/project/index.js';
import type { Project } from '../../common/project/index.js';
import type { RunningApp } from './app-process.js';
import { EditorPage } from './pages/editor-page.js';

/** The open project as the editor last saved it to the app's projects folder (the only project there). */
export async function savedProject(page: Page, app: RunningApp): Promise<Project> {
  await new EditorPage(page).waitSaved();
  const folder = path.join(app.dataDir, 'projects');
  const [file] = (await readdir(folder)).filter((name) => name.endsWith('.timbre'));
  const read = readProjectFile(await readFile(path.join(folder, file ?? ''), 'utf8'));
  if (!read.ok) throw new Error(read.message);
  return read.project;
}
