import type { z } from 'zod';
import { describeFirstIssue } from './issue-path.js';
import { projectV0Schema } from './legacy-v0-schema.js';
import { migrateV0ToV1 } from './migrate-v0-to-v1.js';
import type { MigrationContext } from './migrate-v0-to-v1.js';
import { migrateV1ToV2, projectV1Schema } from './migrate-v1-to-v2.js';
import { migrateV2ToV3, projectV2Schema } from './migrate-v2-to-v3.js';
import { migrateV3ToV4, projectV3Schema } from './migrate-v3-to-v4.js';
import { migrateV4ToV5, projectV4Schema } from './migrate-v4-to-v5.js';
import { migrateV5ToV6, projectV5Schema } from './migrate-v5-to-v6.js';
import { CURRENT_SCHEMA_VERSION, projectSchema } from './project-schema.js';
import type { Project } from './project-schema.js';

export const PROJECT_FILE_EXTENSION = '.timbre';

/**
 * The most bytes a project file may hold: read (a bigger file is refused unread) and saved (a save that would be
 * bigger is refused with a sentence, nothing written), so no file the app saved is ever refused when opened. The
 * schema's maxima (20,000 blocks of 20 takes, 2,048-character addresses…) allow more than any file can hold, so
 * the cap is set by what a file can be at all: its text is one JavaScript string, and V8's longest is
 * 2^29 − 24 characters (about 512 MiB). 500 MiB stays under it, so a file within the cap always decodes (UTF-8
 * never makes more characters than bytes). Every take keeps the text it was made from, so takes weigh most: a
 * 10,000-block book (2.9 million characters) is 5.5 MiB as saved, 81 MiB with 5 takes on every block, 307 MiB with
 * 20; 20,000 blocks with 20 takes each are more than one string can hold, and are refused as over the cap.
 */
export const MAX_PROJECT_FILE_BYTES = 500 * 1024 * 1024;

/**
 * A project file's bytes as text. Timbre writes UTF-8, but an editor may save the file again as UTF-16 (Windows
 * Notepad's "Unicode"): its byte-order mark says so, or, without one, the zero byte beside the first character
 * (a JSON text starts with an ASCII character, RFC 8259). Read as UTF-8 it would be "damaged" for no reason.
 */
export function projectFileTextOf(bytes: Uint8Array): string {
  const [first, second] = bytes;
  if (first === 0xff && second === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (first === 0xfe && second === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (bytes.length >= 2 && first !== 0 && second === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes.length >= 2 && first === 0 && second !== 0) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

export type ProjectFileProblem = 'not-json' | 'invalid' | 'newer-version';

export type ProjectFileResult =
  | {
      ok: true;
      project: Project;
      /** The version the file was written in, when it was older than the current one and got migrated. */
      migratedFrom?: number;
    }
  | {
      ok: false;
      problem: ProjectFileProblem;
      /** For people: what is wrong and, for a damaged file, the path of the first bad field. */
      message: string;
      /** Dotted path of the first bad field (`tracks.speech.blocks[3].text`), when the problem is one field. */
      fieldPath?: string;
      /** The file's schemaVersion, when it could be read. */
      schemaVersion?: number;
    };

/**
 * Each step reads one version with that version's schema and returns the next version's shape. Loading runs
 * every step from the file's version up to the current one, then checks the result with the current schema.
 */
interface MigrationStep {
  from: number;
  schema: z.ZodType;
  migrate(input: never, context: MigrationContext): unknown;
}

const MIGRATIONS: readonly MigrationStep[] = [
  { from: 0, schema: projectV0Schema, migrate: migrateV0ToV1 },
  { from: 1, schema: projectV1Schema, migrate: migrateV1ToV2 },
  { from: 2, schema: projectV2Schema, migrate: migrateV2ToV3 },
  { from: 3, schema: projectV3Schema, migrate: migrateV3ToV4 },
  { from: 4, schema: projectV4Schema, migrate: migrateV4ToV5 },
  { from: 5, schema: projectV5Schema, migrate: migrateV5ToV6 },
];

export interface ReadOptions {
  /** Clock for migrations that must fill in a missing timestamp. */
  now?: () => string;
}

/**
 * Where JSON.parse found the text broken, in words: the parser's own message quotes the text, and the file may not
 * be ours to show. It names a position (counted from 0) for most breaks; none for text that is not JSON from its
 * first characters.
 */
function notJsonMessage(error: unknown, length: number): string {
  const message = error instanceof Error ? error.message : '';
  const position = /position (\d+)/u.exec(message)?.[1];
  const ended = position === undefined ? /end of JSON input/u.test(message) : Number(position) >= length;
  const detail = ended
    ? ' (it ends too early, as a file cut short does)'
    : position === undefined
      ? ''
      : ` (it goes wrong at character ${Number(position) + 1})`;
  return `The project file is damaged: it is not valid JSON${detail}.`;
}

/** Parses, version-checks and migrates a project file's text. Never throws for bad input. */
export function readProjectFile(text: string, options: ReadOptions = {}): ProjectFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    return { ok: false, problem: 'not-json', message: notJsonMessage(error, text.length) };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return damaged('', 'must be a JSON object holding a project');
  }
  const rawVersion = (data as Record<string, unknown>).schemaVersion;
  // The prototype (version 0) did not write a version.
  const version = rawVersion === undefined ? 0 : rawVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return damaged('schemaVersion', 'must be a whole number 0 or more');
  }
  if (version > CURRENT_SCHEMA_VERSION) {
    return {
      ok: false,
      problem: 'newer-version',
      schemaVersion: version,
      message:
        `This project was made by a newer version of Timbre Studio (file format ${version}; this version reads up ` +
        `to ${CURRENT_SCHEMA_VERSION}). Update Timbre Studio to open it; the file has been left untouched.`,
    };
  }

  const context: MigrationContext = { now: (options.now ?? (() => new Date().toISOString()))() };
  let current: unknown = data;
  for (const step of MIGRATIONS.filter((candidate) => candidate.from >= version)) {
    const parsed = step.schema.safeParse(current);
    if (!parsed.success) return damagedByIssue(parsed.error, version);
    current = step.migrate(parsed.data as never, context);
  }
  const parsed = projectSchema.safeParse(current);
  if (!parsed.success) return damagedByIssue(parsed.error, version);
  return version === CURRENT_SCHEMA_VERSION
    ? { ok: true, project: parsed.data }
    : { ok: true, project: parsed.data, migratedFrom: version };
}

/**
 * The file text for a project: checked against the schema first, so an invalid project is never written, and
 * pretty-printed so users can diff and version their files.
 */
export function writeProjectFile(project: Project): string {
  return projectFileText(checkedProject(project));
}

/** The project as the schema parses it (its fields in the schema's order), or an error naming the first bad field. */
export function checkedProject(project: Project): Project {
  const checked = projectSchema.safeParse(project);
  if (!checked.success) {
    const { fieldPath, problem } = describeFirstIssue(checked.error);
    throw new Error(`Refusing to save an invalid project: ${fieldPath || 'project'} ${problem}.`);
  }
  return checked.data;
}

/** The file text of a project the schema has passed (checkedProject, or a checked patch of one). */
export function projectFileText(checked: Project): string {
  return `${JSON.stringify(checked, null, 2)}\n`;
}

function damagedByIssue(error: z.ZodError, version: number): ProjectFileResult {
  const { fieldPath, problem } = describeFirstIssue(error);
  return { ...damaged(fieldPath, problem), schemaVersion: version };
}

function damaged(fieldPath: string, problem: string): ProjectFileResult & { ok: false } {
  const where = fieldPath === '' ? 'the file' : fieldPath;
  return {
    ok: false,
    problem: 'invalid',
    fieldPath,
    message: `The project file is damaged: ${where} ${problem}.`,
  };
}
