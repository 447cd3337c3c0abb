import { describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from './block-factory.js';
import { addSpeaker } from './cast-edits.js';
import type { Project, TextBlock } from './project-schema.js';
import { formatShortDuration, laneConflictSentences, speechLanes } from './speech-lanes.js';
import { contextOf, sequentialIds, withOneTake } from './test-support.js';
import { layoutTimeline } from './timeline-layout.js';

/** Narration flows in lane 0; Anna speaks twice in lane 1 (her lines overlap by 400 ms), Ben once in lane 2. */
function dialogue(): Project {
  const ids = sequentialIds('b');
  let project = createProject(
    { id: 'p', title: 'Dialogue', createdAt: '2024-01-01T00:00:00.000Z' },
    sequentialIds('x'),
  );
  const anna = addSpeaker(project, { name: 'Anna' }, () => 'anna');
  const ben = addSpeaker(anna.project, { name: 'Ben' }, () => 'ben');
  project = ben.project;
  const context = contextOf(project);
  const line = (id: string, speakerId: string, startMs: number, lane: number, ms: number): TextBlock =>
    withOneTake(
      {
        ...createTextBlock({ id, text: `Line ${id}.`, speakerId }, ids),
        timing: { startMs, lane, fit: 'fixed' },
      },
      context,
      ms,
    );
  const blocks = [
    createTextBlock({ id: 'n1', text: 'Once upon a time.' }, ids),
    line('a1', 'anna', 1000, 1, 2400),
    line('a2', 'anna', 3000, 1, 1000),
    line('b1', 'ben', 3500, 2, 500),
    line('b2', 'anna', 6000, 2, 500),
    line('x', 'ben', 8000, 2, 500),
  ];
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

describe('speechLanes', () => {
  it('lists lane 0 and every lane a timed line uses, named by the speaker who speaks most in it', () => {
    const project = dialogue();
    expect(speechLanes(project, contextOf(project))).toEqual([
      { lane: 0, speakerName: 'Narrator', label: 'Narrator' },
      { lane: 1, speakerName: 'Anna', label: 'Anna' },
      { lane: 2, speakerName: 'Ben', label: 'Ben' },
    ]);
  });

  it('says "Lane N" for a lane whose speakers are not in the cast', () => {
    const project = dialogue();
    const noCast = { ...project, cast: [] };
    expect(speechLanes(noCast, contextOf(noCast)).map((lane) => lane.label)).toEqual([
      'Lane 1',
      'Lane 2',
      'Lane 3',
    ]);
  });
});

describe('laneConflictSentences', () => {
  it('names both lines by number, the overlap, the lane and its speaker', () => {
    const project = dialogue();
    const context = contextOf(project);
    expect(laneConflictSentences(project, layoutTimeline(project, context), context)).toEqual([
      'Lines 2 and 3 overlap by 0.4 s in lane 2 (Anna).',
    ]);
  });

  it('says nothing when no lane has an overlap', () => {
    const project = dialogue();
    const blocks = project.tracks.speech.blocks.filter((block) => block.id !== 'a2');
    const apart = { ...project, tracks: { ...project.tracks, speech: { blocks } } };
    const context = contextOf(apart);
    expect(laneConflictSentences(apart, layoutTimeline(apart, context), context)).toEqual([]);
  });

  it('never writes a small overlap as 0.0 s', () => {
    expect(formatShortDuration(40)).toBe('40 ms');
    expect(formatShortDuration(1250)).toBe('1.3 s');
  });
});
