import path from 'node:path';
import { describePreflightResult } from '../../common/export/preflight-checks.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import type { ProjectSourceAccess } from '../services/batch/project-sources.js';
import { fileExtension } from '../services/export/encode/create-encoder.js';
import type { RunOptions } from '../services/export/index.js';
import type { DeliveryCheckExporter, ProjectExporter } from '../services/project-export/index.js';
import { checkPlannedDelivery, renderOutputName } from '../services/project-export/index.js';
import type { ExportCommand } from './cli-args.js';

/**
 * `timbre export --profile ID --check`: each project's delivery rendered in a private staging folder and measured,
 * its pre-flight report printed (every rule of every file, pass or fail, the figure and the limit), nothing
 * written where --out points and nothing sent. True when every project was checked and every check passes.
 */
export async function runCheckPass(
  command: Pick<ExportCommand, 'projects' | 'out' | 'settings' | 'mode' | 'nameTemplate'>,
  projectPaths: readonly string[],
  sources: Pick<ProjectSourceAccess, 'read'>,
  exporter: Pick<ProjectExporter, 'prepare'> & DeliveryCheckExporter,
  write: (text: string) => void,
  run: RunOptions = {},
): Promise<boolean> {
  const profileId = command.settings.retailProfile;
  if (profileId === undefined) throw new Error('--check needs --profile');
  let allPass = true;
  for (const [index, filePath] of projectPaths.entries()) {
    const read = await sources.read({ kind: 'path', path: filePath });
    if (!read.ok) {
      write(`${filePath}: not checked: ${read.message}\n`);
      allPass = false;
      continue;
    }
    const project = read.project;
    const baseName = renderOutputName(command.nameTemplate, {
      title: project.title,
      file: path.parse(filePath).name,
      date: new Date(),
      index: index + 1,
      count: projectPaths.length,
    });
    // Only the name counts (a single file's name is checked); the folder is never written to.
    const extension = command.mode === 'mix' ? `.${fileExtension(command.settings.options.audio)}` : '';
    const outputPath = path.join(command.out, `${baseName}${extension}`);
    try {
      const prepared = await exporter.prepare(project, command.settings);
      const report = await checkPlannedDelivery(exporter, prepared, { outputPath, mode: command.mode }, run);
      write(`${project.title}: ${report.summary}.\n`);
      write(`  ${retailProfile(profileId).aiNarration.statement}\n`);
      for (const result of report.results) {
        write(`  ${result.passed ? 'pass' : 'FAIL'}  ${describePreflightResult(result)}\n`);
      }
      if (report.results.some((result) => !result.passed)) allPass = false;
    } catch (error) {
      if (run.signal?.aborted) throw error;
      write(`${project.title}: not checked: ${error instanceof Error ? error.message : String(error)}\n`);
      allPass = false;
    }
  }
  return allPass;
}
