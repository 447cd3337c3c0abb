import { packProject, unpackProject, type PackedProject } from '../project/project-wire.js';
import type { Project } from '../project/project-schema.js';

/**
 * What some answers look like between main and the page, where that differs from their contract type: opening a
 * project sends it packed (project-wire.ts), the largest message the app sends. Main's dispatcher encodes, the
 * page's client decodes, so both shells carry the smaller form and every caller sees the contract's type.
 */
const PACKED_PROJECT_METHODS: ReadonlySet<string> = new Set(['projects.open', 'projects.openPath']);

export function encodeResult(method: string, result: unknown): unknown {
  if (!PACKED_PROJECT_METHODS.has(method) || !hasProject(result)) return result;
  return { ...result, project: packProject(result.project as Project) };
}

export function decodeResult(method: string, result: unknown): unknown {
  if (!PACKED_PROJECT_METHODS.has(method) || !hasProject(result)) return result;
  const packed = result.project as Partial<PackedProject>;
  return packed.packed === 1 ? { ...result, project: unpackProject(packed as PackedProject) } : result;
}

function hasProject(result: unknown): result is { project: unknown } {
  return typeof result === 'object' && result !== null && 'project' in result;
}
