/**
 * Revised-edition matching benchmark (issue 40): a 10,000-paragraph book (1.8 million characters) matched against a
 * revision, then planned and applied (which matches again), in this thread.
 *
 *   npx tsx scripts/bench-revision.ts [--paragraphs 10000] [--runs 3]
 *
 * Two revisions: errata (2% of paragraphs edited, 0.5% each added, removed, moved, split and merged) and the
 * worst case, every paragraph edited (nothing pairs exactly, so every stretch is aligned pairwise, MAX_STRETCH
 * at a time). Prints the median time of each step.
 */
import { parseArgs } from 'node:util';
import { applyRevision, planRevision } from '../common/import/revision-apply.js';
import type { ImportBlock } from '../common/import/imported-script.js';
import { matchRevision } from '../common/import/revision-match.js';
import { createProject, createTextBlock } from '../common/project/block-factory.js';
import type { Project } from '../common/project/project-schema.js';

const { values } = parseArgs({ options: { paragraphs: { type: 'string' }, runs: { type: 'string' } } });
const count = Number(values.paragraphs ?? 10_000);
const runs = Number(values.runs ?? 3);

/** A deterministic pseudo-random stream, so every run measures the same book. */
let seed = 40;
const random = (): number => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const WORDS =
  'the harbour sea wall tide boat mara brother skiff dawn bell chapel noon grey sky quiet village name'.split(
    ' ',
  );
const sentence = (): string =>
  `${Array.from({ length: 8 + Math.floor(random() * 10) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ')}.`;
const paragraph = (index: number): string =>
  `${index}. ${Array.from({ length: 2 + Math.floor(random() * 2) }, sentence).join(' ')}`;

const texts = Array.from({ length: count }, (_, index) => paragraph(index));
const base = createProject({ title: 'Bench' });
const project: Project = {
  ...base,
  tracks: { ...base.tracks, speech: { blocks: texts.map((text) => createTextBlock({ text })) } },
};

function errata(): string[] {
  const revised: string[] = [];
  const moved: string[] = [];
  for (let index = 0; index < texts.length; index += 1) {
    const text = texts[index]!;
    const roll = random();
    if (roll < 0.02) revised.push(text.replace(/\.$/u, ', the tide turning.'));
    else if (roll < 0.025) continue;
    else if (roll < 0.03) revised.push(text, `A new paragraph ${index} about the harbour at dusk.`);
    else if (roll < 0.035) moved.push(text);
    else if (roll < 0.04 && text.includes('. ', 4)) {
      const cut = text.indexOf('. ', 4) + 1;
      revised.push(text.slice(0, cut), text.slice(cut + 1));
    } else if (roll < 0.045 && index + 1 < texts.length) {
      revised.push(`${text} ${texts[index + 1]}`);
      index += 1;
    } else revised.push(text);
    if (moved.length > 0 && random() < 0.01) revised.push(moved.shift()!);
  }
  return [...revised, ...moved];
}

const everyOneEdited = (): string[] => texts.map((text) => text.replace(/^(\d+)\./u, '$1:'));

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}

function measure(name: string, revised: readonly string[]): void {
  const paragraphs: ImportBlock[] = revised.map((text) => ({ text }));
  const match: number[] = [];
  const apply: number[] = [];
  let kinds = '';
  for (let run = 0; run < runs; run += 1) {
    let started = performance.now();
    const changes = matchRevision(texts, revised);
    match.push(performance.now() - started);
    started = performance.now();
    applyRevision(project, planRevision(project, paragraphs));
    apply.push(performance.now() - started);
    const tally = new Map<string, number>();
    for (const change of changes) tally.set(change.kind, (tally.get(change.kind) ?? 0) + 1);
    kinds = [...tally].map(([kind, number]) => `${kind} ${number}`).join(', ');
  }
  console.log(`${name}: ${revised.length} paragraphs against ${texts.length} blocks`);
  console.log(`  changes: ${kinds}`);
  console.log(
    `  match ${median(match).toFixed(0)} ms; plan + apply ${median(apply).toFixed(0)} ms (median of ${runs})`,
  );
}

const characters = texts.reduce((sum, text) => sum + text.length, 0);
console.log(
  `Book: ${count} paragraphs, ${(characters / 1e6).toFixed(2)} million characters; Node ${process.version}`,
);
measure('Errata', errata());
measure('Every paragraph edited', everyOneEdited());
