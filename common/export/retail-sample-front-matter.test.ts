import { describe, expect, it } from 'vitest';
import { projectsFromImport } from '../import/import-project.js';
import { scriptBlocks } from '../import/imported-script.js';
import { parseScriptText } from '../import/script-formats.js';
import { contextOf, sequentialIds } from '../project/test-support.js';
import { layoutTimeline } from '../project/timeline-layout.js';
import type { Project } from '../project/project-schema.js';
import { chooseRetailSample, sampleOpening } from './retail-sample.js';
import { estimatedSampleSpeech } from './retail-sample-speech.js';
import { retailProfile } from './retail-profiles.js';

const ACX = retailProfile('acx').retailSample!;

/** A Markdown book whose YAML header makes a title page ("The Long Watch", "Mara Ellison") read as front matter. */
function importedBook(): Project {
  const paragraphs = Array.from(
    { length: 80 },
    (_, index) => `The watch went on through hour ${index + 1}, and nobody on the wall said a word about it.`,
  );
  const markdown = `---\ntitle: The Long Watch\nauthor: Mara Ellison\n---\n\n# Chapter One\n\n${paragraphs.join('\n\n')}\n`;
  const script = parseScriptText(markdown, 'markdown', 'blank-lines', {
    speakerLabels: false,
    quotedDialogue: false,
  });
  const [project] = projectsFromImport(
    { title: 'The Long Watch', blocks: scriptBlocks(script, {}), createdAt: '2026-01-01T00:00:00.000Z' },
    sequentialIds(),
  );
  return project!;
}

function proposal(project: Project, request = {}) {
  const layout = layoutTimeline(project, contextOf(project));
  return chooseRetailSample(estimatedSampleSpeech(project, layout, request, ACX.maxSeconds), ACX, request);
}

describe('the retail sample of an imported book with front matter', () => {
  it('marks the title page front matter at import, and proposes the sample from the first chapter after it', () => {
    const project = importedBook();
    const [titlePage, author, chapter] = project.tracks.speech.blocks as {
      text: string;
      frontMatter?: true;
    }[];
    expect([titlePage, author, chapter].map((block) => [block!.text, block!.frontMatter])).toEqual([
      ['The Long Watch', true],
      ['Mara Ellison', true],
      ['Chapter One', undefined],
    ]);
    const choice = proposal(project);
    if (!choice.ok) throw new Error(choice.problem);
    expect(sampleOpening(choice.sample, 3)).toBe('Chapter One The…');
    expect(choice.sample.passages.map((passage) => passage.text).join(' ')).not.toMatch(
      /Long Watch|Ellison/u,
    );
  });

  it('still starts where the user picks, front matter included', () => {
    const choice = proposal(importedBook(), { start: { blockNumber: 1 } });
    if (!choice.ok) throw new Error(choice.problem);
    expect(choice.sample.passages[0]).toMatchObject({ blockNumber: 1, text: 'The Long Watch' });
  });
});
