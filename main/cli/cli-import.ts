import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultImportReading, scriptBlocks } from '../../common/import/imported-script.js';
import { projectsFromImport } from '../../common/import/import-project.js';
import type { ScriptFormat } from '../../common/import/script-formats.js';
import { scriptFormatOf } from '../../common/import/script-formats.js';
import { PROJECT_FILE_EXTENSION, checkedProject, projectFileText } from '../../common/project/index.js';
import { MAX_IMPORT_BYTES } from '../../common/text/index.js';
import { readScriptFile } from '../services/book-import/read-script-file.js';
import { asUserFileError, readUserFile } from '../services/storage/user-file.js';
import { UsageError } from './cli-args.js';
import { echoedValue } from './cli-echo.js';

export interface ImportCommand {
  kind: 'import';
  /** The timed script (SRT, WebVTT, CSV or TSV), resolved. */
  script: string;
  /** The project file to write (.timbre), resolved. */
  out: string;
  title?: string;
  overwrite: boolean;
  service?: string;
}

/** The scripts a timed project is made from: cues with their times, as the app's import takes them. */
const TIMED_FORMATS: readonly ScriptFormat[] = ['srt', 'vtt', 'csv', 'tsv'];

/** `timbre import SCRIPT --out FILE.timbre [--title T] [--overwrite] [--service URL]`, checked. */
export function importCommand(
  scripts: readonly string[],
  values: { out?: string | undefined; title?: string | undefined; overwrite?: boolean | undefined },
  service: string | undefined,
): ImportCommand {
  if (scripts.length !== 1) {
    throw new UsageError('import needs exactly one SCRIPT (an .srt, .vtt, .csv or .tsv file)');
  }
  const script = path.resolve(scripts[0] ?? '');
  if (!TIMED_FORMATS.includes(scriptFormatOf(script))) {
    throw new UsageError(
      `import reads a timed script: SubRip (.srt), WebVTT (.vtt), CSV or TSV (got ${echoedValue(path.basename(script))})`,
    );
  }
  if (values.out === undefined || values.out.trim() === '') {
    throw new UsageError(`import needs --out FILE${PROJECT_FILE_EXTENSION}, the project to write`);
  }
  const out = path.resolve(values.out);
  if (!out.endsWith(PROJECT_FILE_EXTENSION)) {
    throw new UsageError(`--out must name a project file ending in ${PROJECT_FILE_EXTENSION} for import`);
  }
  const title = values.title?.trim();
  return {
    kind: 'import',
    script,
    out,
    ...(title ? { title } : {}),
    overwrite: values.overwrite ?? false,
    ...(service === undefined ? {} : { service }),
  };
}

/**
 * Makes one project from a timed script, with the app's own import code (read-script-file.ts, projectsFromImport):
 * one timed block per cue, speakers from the cues. A file that cannot be imported is refused naming its line and
 * the rule, and nothing is written; an existing project is never replaced without --overwrite.
 */
export async function runImportCommand(
  command: ImportCommand,
  io: { out(text: string): void; err(text: string): void },
): Promise<0 | 1> {
  const name = path.basename(command.script);
  let project;
  try {
    const bytes = await readUserFile(command.script, {
      maxBytes: MAX_IMPORT_BYTES,
      what: 'a file to import',
    }).catch((error: unknown) => {
      throw asUserFileError(error, command.script, 'read');
    });
    const script = await readScriptFile(bytes, name, {
      paragraphs: 'blank-lines',
      reading: defaultImportReading,
    });
    const blocks = scriptBlocks(script, {}, defaultImportReading);
    const projects = projectsFromImport(
      {
        title: command.title ?? script.title ?? path.basename(name, path.extname(name)),
        blocks,
        serviceUrl: command.service,
        metadata: { language: script.language },
        createdAt: new Date().toISOString(),
      },
      randomUUID,
    );
    if (projects.length !== 1) {
      throw new Error(
        `“${name}” could not be imported: its ${blocks.length} cues are more than one project holds. Split the file. Nothing was created.`,
      );
    }
    project = checkedProject(projects[0]!);
  } catch (error) {
    io.err(`timbre: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  await mkdir(path.dirname(command.out), { recursive: true });
  try {
    await writeFile(command.out, projectFileText(project), { flag: command.overwrite ? 'w' : 'wx' });
  } catch (error) {
    const message =
      (error as NodeJS.ErrnoException).code === 'EEXIST'
        ? `${command.out} already exists; nothing was written (add --overwrite to replace it)`
        : asUserFileError(error, command.out, 'write').message;
    io.err(`timbre: ${message}\n`);
    return 1;
  }
  const blocks = project.tracks.speech.blocks;
  const timed = blocks.filter((block) => block.type === 'text' && block.timing !== undefined).length;
  const speakers = project.cast.map((speaker) => speaker.name);
  io.out(
    `Imported ${blocks.length} line${blocks.length === 1 ? '' : 's'} (${timed} timed) from ${name} into ${command.out}; ` +
      `speakers: ${speakers.join(', ')}.\n`,
  );
  return 0;
}
