import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { IpcErrorData } from '../../../common/ipc/errors.js';
import { IpcError } from '../../../common/ipc/errors.js';
import type { ImportBlock, ImportedScript } from '../../../common/import/imported-script.js';
import { previewImport, scriptBlocks } from '../../../common/import/imported-script.js';
import { projectsFromImport } from '../../../common/import/import-project.js';
import { parseScriptText, pastedTextFormat } from '../../../common/import/script-formats.js';
import { checkedProject, projectFileText } from '../../../common/project/index.js';
import { MAX_IMPORT_BYTES } from '../../../common/text/index.js';
import { toWorkerError } from '../../../common/workers/worker-error.js';
import { readScriptFile } from '../book-import/read-script-file.js';
import { UserFileError, readUserFile } from '../storage/user-file.js';
import type {
  BuiltPart,
  ImportBuild,
  ImportOutbound,
  ImportStart,
  ParsedFacts,
  WorkerPhase,
} from './import-protocol.js';

/** The cap on a file to import, checked while the worker reads it (user-file.ts), not only from its size. */
const IMPORT_FILE_LIMIT = { maxBytes: MAX_IMPORT_BYTES, what: 'a file to import' };

/**
 * Where each phase starts in the whole run's progress (measured on a 19.5 MB CSV: parsing is most of it). A
 * preview ends after splitting, so its phases fill the whole scale too: it reaches 100% rather than stopping at
 * half, and the import after it does not seem to go back.
 */
const PHASE_START: Record<ImportStart['kind'], Partial<Record<WorkerPhase, number>>> = {
  preview: { reading: 0, parsing: 0.05, splitting: 0.75 },
  import: { reading: 0, parsing: 0.05, splitting: 0.5, building: 0.65, checking: 0.75 },
};

export interface ImportJobIo {
  send(message: ImportOutbound, transfer?: ArrayBuffer[]): void;
  /** Sends the parsed facts and waits for main's 'build' answer (an import only). */
  askToBuild(facts: ParsedFacts): Promise<ImportBuild>;
}

/**
 * One preview or import, run in the import worker: reads the file (with the shared reader and its cap), parses
 * it, cuts it into blocks, and either previews them or builds, checks and serialises the projects, so that main
 * only writes finished bytes. Every failure is sent as an IPC error naming the file and the field.
 */
export async function runImportJob(start: ImportStart, io: ImportJobIo): Promise<void> {
  const starts = PHASE_START[start.kind];
  const progress = (phase: WorkerPhase, within = 0): void => {
    const from = starts[phase] ?? 0;
    io.send({ type: 'progress', phase, fraction: from + (nextStart(starts, phase) - from) * within });
  };
  try {
    const script = await readScript(start, progress);
    progress('splitting');
    const blocks = blocksOf(script, start);
    if (start.kind === 'preview') {
      const preview = previewImport(script, blocks, undefined, start.reading);
      io.send({ type: 'preview', preview, ...(start.withBlocks === true ? { blocks } : {}) });
      return;
    }
    const build = await io.askToBuild({
      title: script.title,
      language: script.language,
      cover: script.cover,
    });
    progress('building');
    const parts = buildParts(blocks, script, build, (done, total) => progress('checking', done / total));
    const [first] = parts;
    if (!first) throw new Error('an import makes at least one project');
    const built: BuiltPart[] = parts.map(({ project }) => ({
      title: project.title,
      bytes: new TextEncoder().encode(projectFileText(project)),
    }));
    io.send(
      { type: 'built', parts: built, first: first.project },
      built.map((part) => part.bytes.buffer as ArrayBuffer),
    );
  } catch (error) {
    io.send({ type: 'failed', error: toWorkerError(new IpcError(errorData(error, start))) });
  }
}

/** Where the phase after `phase` starts: the end of `phase`'s share (1 for the last). */
function nextStart(starts: Partial<Record<WorkerPhase, number>>, phase: WorkerPhase): number {
  const phases = Object.keys(starts) as WorkerPhase[];
  const following = phases[phases.indexOf(phase) + 1];
  return following === undefined ? 1 : (starts[following] ?? 1);
}

async function readScript(
  start: ImportStart,
  progress: (phase: WorkerPhase) => void,
): Promise<ImportedScript> {
  const paragraphs = start.split?.paragraphs ?? 'blank-lines';
  const reading = start.reading ?? { speakerLabels: false, quotedDialogue: false };
  if (start.source.type === 'text') {
    progress('parsing');
    return parseScriptText(start.source.text, pastedTextFormat(start.source.text), paragraphs, reading);
  }
  const { filePath, fileName, encoding } = start.source;
  progress('reading');
  const bytes = await readUserFile(filePath, IMPORT_FILE_LIMIT).catch((error: unknown) => {
    throw error instanceof UserFileError ? asNamedFileError(error, filePath, fileName) : error;
  });
  progress('parsing');
  try {
    return await readScriptFile(bytes, fileName, { paragraphs, reading, encoding });
  } catch (error) {
    throw new IpcError({ code: 'INVALID_INPUT', field: 'file', message: messageOf(error) });
  }
}

function blocksOf(script: ImportedScript, start: ImportStart): ImportBlock[] {
  try {
    return scriptBlocks(script, start.split ?? {}, start.reading);
  } catch (error) {
    throw new IpcError({ code: 'INVALID_INPUT', field: 'split.maxLength', message: messageOf(error) });
  }
}

function buildParts(
  blocks: ImportBlock[],
  script: ImportedScript,
  build: ImportBuild,
  onChecked: (done: number, total: number) => void,
) {
  let projects;
  try {
    projects = projectsFromImport(
      {
        title: build.title,
        blocks,
        voices: build.voices,
        serviceUrl: build.serviceUrl,
        defaults: build.defaults,
        metadata: {
          author: script.author,
          language: script.language,
          copyright: script.copyright,
          cover: build.cover,
        },
        createdAt: build.createdAt,
      },
      randomUUID,
    );
  } catch (error) {
    throw new IpcError({ code: 'INVALID_INPUT', field: 'text', message: messageOf(error) });
  }
  // Every part is checked before main writes the first, so a failure leaves nothing behind.
  return projects.map((project, index) => {
    let checked;
    try {
      checked = checkedProject(project);
    } catch (error) {
      throw new IpcError({ code: 'INVALID_INPUT', field: 'project', message: messageOf(error) });
    }
    onChecked(index + 1, projects.length);
    return { project: checked };
  });
}

/**
 * The shared reader names the file it was given; a staged upload has a name of its own (an id), so the message
 * is said with the name the user's file had.
 */
function asNamedFileError(error: UserFileError, filePath: string, fileName: string): IpcError {
  const message = error.message
    .replaceAll(filePath, fileName)
    .replaceAll(`“${path.basename(filePath)}”`, `“${fileName}”`);
  return new IpcError({
    code: error.reason === 'not-found' ? 'NOT_FOUND' : 'INVALID_INPUT',
    field: 'filePath',
    message,
  });
}

function errorData(error: unknown, start: ImportStart): IpcErrorData {
  if (error instanceof IpcError) return error.data;
  // Anything else is a fault of the import itself; it is still said with the file's name.
  const what = start.source.type === 'file' ? `“${start.source.fileName}”` : 'The pasted text';
  return {
    code: 'INTERNAL',
    field: 'file',
    message: `${what} could not be imported (${messageOf(error)}). Nothing was created.`,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
