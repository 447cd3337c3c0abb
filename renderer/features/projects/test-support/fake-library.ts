import type { MethodName } from '../../../../common/ipc/contract.js';
import type { IpcResponse } from '../../../../common/ipc/errors.js';
import type { Block } from '../../../../common/project/index.js';
import { createProject } from '../../../../common/project/index.js';
import type {
  OpenResult,
  OpenedProject,
  ProjectListEntry,
  RecentProject,
} from '../../../../common/project/library-views.js';
import { splitScript } from '../../../../common/text/index.js';
import type { ScriptSplitOptions } from '../../../../common/text/index.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';

/** A method's answer; a promise keeps the call waiting until the test settles it. */
type Responder = (input: never) => IpcResponse<unknown> | Promise<IpcResponse<unknown>>;

/**
 * A projects folder in memory behind a FakeBridge: listing, create, open, rename, duplicate, delete and imports
 * change it as main would, so component tests check what the page does with main's answers.
 */
export class FakeLibrary {
  readonly projects = new Map<string, OpenedProject>();
  /** Files that do not open, by file name. */
  readonly failures = new Map<string, Extract<OpenResult, { ok: false }>>();
  recent: RecentProject[] = [];
  /** Files a prompt listing gives as not counted yet (main counts them in the background). */
  readonly counting = new Set<string>();
  /** Staged uploads: their bytes as a binary string. */
  readonly staged = new Map<string, string>();
  readonly bridge: FakeBridge;
  private clock = Date.parse('2025-05-01T10:00:00.000Z');
  private counter = 0;

  constructor(overrides: Partial<Record<MethodName, Responder>> = {}) {
    const responders: Partial<Record<MethodName, Responder>> = {
      'projects.list': (input?: { promptly: boolean }) => ok(this.list(input?.promptly === true)),
      'projects.recent': () => ok(this.recent),
      'projects.create': (input: { title: string }) => ok(this.add(input.title.trim(), [])),
      'projects.open': (input: { fileName: string }) => ok(this.open(input.fileName)),
      'projects.rename': (input: { fileName: string; title: string }) => {
        const opened = this.require(input.fileName);
        const renamed = { ...opened, project: { ...opened.project, title: input.title.trim() } };
        this.projects.set(input.fileName, renamed);
        return ok(renamed);
      },
      'projects.duplicate': (input: { fileName: string }) => {
        const opened = this.require(input.fileName);
        return ok(
          this.add(`${opened.project.title} (copy)`, opened.project.tracks.speech.blocks.map(textOf)),
        );
      },
      'projects.delete': (input: { fileName: string }) => {
        this.projects.delete(input.fileName);
        this.failures.delete(input.fileName);
        return ok(null);
      },
      'projects.importText': (input: { title: string; text: string; split?: ScriptSplitOptions }) =>
        ok(asImport(this.add(input.title, splitScript(input.text, input.split)))),
      'staging.begin': () => {
        const stagingId = `00000000-0000-4000-8000-${String(this.staged.size).padStart(12, '0')}`;
        this.staged.set(stagingId, '');
        return ok({ stagingId });
      },
      'staging.append': (input: { stagingId: string; data: string }) => {
        const sofar = (this.staged.get(input.stagingId) ?? '') + atob(input.data);
        this.staged.set(input.stagingId, sofar);
        return ok({ receivedBytes: sofar.length });
      },
      'staging.finish': (input: { stagingId: string }) =>
        ok({ stagingId: input.stagingId, sizeBytes: this.staged.get(input.stagingId)?.length ?? 0 }),
      'projects.importStaged': (input: {
        stagingId: string;
        fileName: string;
        title?: string;
        split?: ScriptSplitOptions;
      }) => {
        const binary = this.staged.get(input.stagingId) ?? '';
        const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
        return ok(asImport(this.add(input.title ?? input.fileName, splitScript(text, input.split))));
      },
      'projects.restoreBackup': (input: { fileName: string }) => {
        const failure = this.failures.get(input.fileName);
        if (!failure?.recovery) {
          return { ok: false, error: { code: 'NOT_FOUND', message: 'No backup.' } };
        }
        this.failures.delete(input.fileName);
        const restored = { fileName: input.fileName, project: failure.recovery.project };
        this.projects.set(input.fileName, restored);
        return ok(restored);
      },
      ...overrides,
    };
    this.bridge = new FakeBridge(
      responders as Partial<
        Record<MethodName, (input: unknown) => IpcResponse<unknown> | Promise<IpcResponse<unknown>>>
      >,
    );
  }

  add(title: string, texts: string[]): OpenedProject {
    this.counter += 1;
    const fileName = `${title.toLowerCase().replace(/[^a-z0-9]+/gu, '-')}-${this.counter}.timbre`;
    const project = createProject(
      { title, textBlocks: texts, createdAt: new Date(this.clock).toISOString() },
      () => `id-${this.counter}-${Math.random().toString(16).slice(2)}`,
    );
    const opened = { fileName, project };
    this.projects.set(fileName, opened);
    this.clock += 60_000;
    return opened;
  }

  calls(method: MethodName): unknown[] {
    return this.bridge.calls.filter((call) => call.method === method).map((call) => call.input);
  }

  private list(promptly: boolean): ProjectListEntry[] {
    const ok: ProjectListEntry[] = [...this.projects.values()].map(({ fileName, project }) =>
      promptly && this.counting.has(fileName)
        ? { ok: true, counting: true, fileName, title: project.title, modifiedAt: project.createdAt }
        : {
            ok: true,
            fileName,
            id: project.id,
            title: project.title,
            modifiedAt: project.createdAt,
            blockCount: project.tracks.speech.blocks.length,
            characterCount: project.tracks.speech.blocks.reduce(
              (sum, block) => sum + textOf(block).length,
              0,
            ),
            durationMs: project.tracks.speech.blocks.length * 4_000,
            durationEstimated: true,
            toGenerate: { blocks: 0, credits: 0 },
          },
    );
    const broken: ProjectListEntry[] = [...this.failures.values()].map((failure) => ({
      ok: false,
      fileName: failure.fileName,
      modifiedAt: '2025-04-01T00:00:00.000Z',
      problem: failure.problem,
      message: failure.message,
      hasBackup: failure.recovery !== undefined,
    }));
    return [...ok, ...broken];
  }

  private open(fileName: string): OpenResult {
    const failure = this.failures.get(fileName);
    if (failure) return failure;
    const opened = this.projects.get(fileName);
    if (!opened) return { ok: false, fileName, problem: 'missing', message: `${fileName} no longer exists.` };
    return { ok: true, ...opened };
  }

  private require(fileName: string): OpenedProject {
    const opened = this.projects.get(fileName);
    if (!opened) throw new Error(`No project ${fileName}`);
    return opened;
  }
}

function ok<T>(result: T): IpcResponse<T> {
  return { ok: true, result };
}

function textOf(block: Block): string {
  return block.type === 'text' ? block.text : '';
}

/** What main answers to an import: the opened project, and the parts (one here). */
function asImport(opened: { fileName: string; project: { title: string } }) {
  return { ...opened, parts: [{ fileName: opened.fileName, title: opened.project.title }] };
}
