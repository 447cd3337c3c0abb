/**
 * Child process of the autosave crash test: opens a project and edits it as fast as it can, autosaving with a
 * tiny debounce, until the test kills it with SIGKILL. After each completed save it prints `saved <n>`, where n
 * is the edit number the saved state carries in its title. Run: node --import tsx autosave-burst.ts <dataDir> <fileName>
 */
import type { Project } from '../../../../common/project/index.js';
import { renameProject, updateBlock } from '../../../../common/project/index.js';
import { ProjectService } from '../project-service.js';

const [dataDir, fileName] = process.argv.slice(2);
if (dataDir === undefined || fileName === undefined) {
  process.stderr.write('usage: autosave-burst.ts <dataDir> <fileName>\n');
  process.exit(64);
}

/** "Burst 42" → 42. */
export function editNumberOf(project: Project): number {
  const match = /^Burst (\d+)$/u.exec(project.title);
  if (match === null) throw new Error(`unexpected title ${project.title}`);
  return Number(match[1]);
}

/** Edit n: a new title and a block text whose length varies, so a torn write could not look whole. */
function applyEdit(project: Project, n: number): Project {
  const blocks = project.tracks.speech.blocks;
  const target = blocks[n % blocks.length]!;
  const edited = updateBlock(project, target.id, { text: `Edit ${n}. ${'lorem ipsum '.repeat(n % 97)}` });
  return renameProject(edited, `Burst ${n}`);
}

const service = new ProjectService({ dataDir });
const opened = await service.open(fileName);
if (!opened.ok) {
  process.stderr.write(`${opened.message}\n`);
  process.exit(2);
}
const autosaver = service.createAutosaver(fileName, {
  delayMs: 1,
  maxDelayMs: 4,
  onSaved: (saved) => process.stdout.write(`saved ${editNumberOf(saved)}\n`),
  onError: (error) => process.stderr.write(`autosave failed: ${String(error)}\n`),
});
process.stdout.write('ready\n');

let project = opened.project;
let n = editNumberOf(project);
for (;;) {
  n += 1;
  project = applyEdit(project, n);
  autosaver.schedule(project);
  // Let timers and file I/O run between small bursts of edits, as typing would.
  if (n % 4 === 0) await new Promise((resolve) => setImmediate(resolve));
}
