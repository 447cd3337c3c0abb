import path from 'node:path';
import type { ImportBlock, ImportPreview } from '../../../common/import/imported-script.js';
import type { ImportRun, ImportWorkers } from '../import-worker/import-workers.js';
import type { ImportStart, ParsedFacts } from '../import-worker/import-protocol.js';
import { checkedTitle } from './checked-input.js';
import type { CoverStore } from './cover-store.js';
import { titleFromFilePath } from './project-file-names.js';
import type { ProjectFiles } from './project-files.js';
import type {
  ImportTextFileInput,
  ImportTextInput,
  ImportedProjects,
  OpenedProject,
} from './project-library.js';

export interface ProjectImportsOptions {
  /** Where imports are parsed and built, off main's event loop (import-worker/). */
  importWorkers: ImportWorkers;
  /** Where a book's cover is kept once its projects passed their checks. */
  covers: CoverStore;
  /** Writes each finished part as a new project file. */
  files: Pick<ProjectFiles, 'writeNewFileBytes'>;
  now: () => Date;
}

/**
 * New projects from pasted text or a file. The import worker parses, splits and builds them; main answers its
 * `parsed` step (checked title, defaults, a voice for the book's language, the cover's name) and writes the
 * finished parts' bytes as new files.
 */
export class ProjectImports {
  constructor(private readonly options: ProjectImportsOptions) {}

  /**
   * A new project (or parts) from pasted text. Like every import it is parsed and built in a worker thread
   * (`run.importId` names it for cancelImport; `run.onProgress` hears its phases).
   */
  async importText(input: ImportTextInput, run: ImportRun = {}): Promise<ImportedProjects> {
    return this.importInWorker({ type: 'text', text: input.text }, input, () => input.title, run);
  }

  /** A new project (or parts) from a file, which the import worker reads itself: main never holds its bytes. */
  async importTextFile(input: ImportTextFileInput, run: ImportRun = {}): Promise<ImportedProjects> {
    const fileName = input.fileName ?? path.basename(input.filePath);
    return this.importInWorker(
      { type: 'file', filePath: input.filePath, fileName, encoding: input.encoding },
      input,
      (scriptTitle) => input.title ?? scriptTitle ?? titleFromFilePath(fileName),
      run,
    );
  }

  /** What importing this file would make, without making it: chapters, blocks, speakers, credits, parts. */
  async previewImportFile(
    input: Omit<ImportTextFileInput, 'serviceUrl' | 'defaults' | 'voices'>,
    run: ImportRun = {},
  ): Promise<ImportPreview & { parseMs: number }> {
    const started = performance.now();
    const fileName = input.fileName ?? path.basename(input.filePath);
    const preview = await this.options.importWorkers.preview(
      {
        source: { type: 'file', filePath: input.filePath, fileName, encoding: input.encoding },
        split: input.split,
        reading: input.reading,
      },
      run,
    );
    return { ...preview, parseMs: Math.round(performance.now() - started) };
  }

  /**
   * A revised manuscript's blocks, cut as an import would cut them, with its preview: the editor matches them to
   * the open project (common/import/revision-match.ts); nothing is created.
   */
  async readRevisionFile(
    input: Omit<ImportTextFileInput, 'serviceUrl' | 'defaults' | 'voices'>,
    run: ImportRun = {},
  ): Promise<{ preview: ImportPreview; blocks: readonly ImportBlock[] }> {
    const fileName = input.fileName ?? path.basename(input.filePath);
    return this.options.importWorkers.readBlocks(
      {
        source: { type: 'file', filePath: input.filePath, fileName, encoding: input.encoding },
        split: input.split,
        reading: input.reading,
      },
      run,
    );
  }

  /**
   * Ends the preview or import running under `importId`: its worker is terminated before anything is written.
   * False when none is running, e.g. an import already writing its projects (they then exist, and open).
   */
  cancelImport(importId: string): boolean {
    return this.options.importWorkers.cancel(importId);
  }

  private async importInWorker(
    source: ImportStart['source'],
    input: Omit<ImportTextInput, 'text' | 'title'>,
    titleOf: (scriptTitle: string | undefined) => string,
    run: ImportRun,
  ): Promise<ImportedProjects> {
    const { covers, files, now } = this.options;
    let cover: ParsedFacts['cover'];
    const built = await this.options.importWorkers.build(
      { source, split: input.split, reading: input.reading },
      run,
      async (facts) => {
        const title = checkedTitle(titleOf(facts.title));
        // The cover is named now and kept only once the projects have passed their checks: a failed import
        // leaves nothing behind, not even an image in the covers folder.
        const named = facts.cover ? covers.nameOf(facts.cover) : undefined;
        if (named) cover = facts.cover;
        return {
          title,
          defaults: await importDefaults(input, facts.language),
          voices: input.voices,
          serviceUrl: input.serviceUrl,
          cover: named,
          createdAt: now().toISOString(),
        };
      },
    );
    if (cover) await covers.save(cover);
    const parts: ImportedProjects['parts'] = [];
    let opened: OpenedProject | undefined;
    for (const [index, part] of built.parts.entries()) {
      const bytes = Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength);
      // Only the first part opens in the editor; the others are read from their files when opened.
      const project = index === 0 ? built.first : undefined;
      const written = await files.writeNewFileBytes(bytes, part.title, project);
      if (project) {
        const { fileName, revision } = written;
        opened = { fileName, project, ...(revision === undefined ? {} : { revision }) };
      }
      parts.push({ fileName: written.fileName, title: part.title });
    }
    if (!opened) throw new Error('an import makes at least one project');
    return { ...opened, parts };
  }
}

/** The import's defaults, with the voice chosen for the book's language when they name none. */
async function importDefaults(
  input: Pick<ImportTextInput, 'defaults' | 'defaultVoiceFor'>,
  bookLanguage: string | undefined,
): Promise<ImportTextInput['defaults']> {
  if (input.defaults?.voiceId || !input.defaultVoiceFor) return input.defaults;
  // No voice is better than a failed import: the user picks one in the project defaults.
  const voice = await input.defaultVoiceFor(bookLanguage).catch(() => undefined);
  return voice ? { ...input.defaults, ...voice } : input.defaults;
}
