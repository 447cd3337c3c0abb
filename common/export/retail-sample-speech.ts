import { isCreditsBlock } from '../project/credits-blocks.js';
import type { Project } from '../project/project-schema.js';
import type { TimelineLayout } from '../project/timeline-layout.js';
import { timeReadAlong, type TimedBlock } from '../readalong/readalong-timing.js';
import { mayOpenProposal, type RetailSampleRequest, type SampleSpeech } from './retail-sample.js';

// A chapter titled "Opening Credits", "Closing credits", "Credits"… is credits from its title to the next chapter.
const CREDITS_TITLE = /\bcredits\b/iu;

/**
 * The speech blocks that are credits, which a retail sample never contains: those inside a chapter whose title
 * says credits (the file split names them "01 Opening Credits"), and any block marked as credits (isCreditsBlock).
 */
export function creditBlockIds(project: Project): Set<string> {
  const credits = new Set<string>();
  let inCredits = false;
  let previousMarked = false;
  for (const block of project.tracks.speech.blocks) {
    if (block.chapterTitle !== undefined) inCredits = CREDITS_TITLE.test(block.chapterTitle);
    // Marked credits are a chapter of their own (chapterMarks): the book starts after them, titled or not.
    else if (previousMarked) inCredits = false;
    previousMarked = isCreditsBlock(block);
    if (inCredits || previousMarked) credits.add(block.id);
  }
  return credits;
}

/** The speech to cut a sample from, given its blocks timed against the export (main: the written audio's timing). */
export function sampleSpeechOf(project: Project, blocks: readonly TimedBlock[]): SampleSpeech {
  const blockNumbers = new Map(project.tracks.speech.blocks.map((block, index) => [block.id, index + 1]));
  const frontMatter = new Set(
    project.tracks.speech.blocks.flatMap((block) =>
      block.type === 'text' && block.frontMatter === true ? [block.id] : [],
    ),
  );
  return { blocks, blockNumbers, credits: creditBlockIds(project), frontMatter };
}

/**
 * The spoken pieces a sample can be cut from: those heard from where the request starts (else the first block
 * outside the credits and front matter) to the profile's longest sample after it, a block still speaking at the start included
 * (the sample may begin at one of its later sentences). Only these are cut into sentences and timed, so a
 * 10,000-block book is not timed whole for a few minutes of it.
 */
export function sourcesAroundSample<Source extends { blockId: string; startMs: number; durationMs: number }>(
  speech: Pick<SampleSpeech, 'blockNumbers' | 'credits' | 'frontMatter'>,
  sources: readonly Source[],
  request: RetailSampleRequest,
  maxSeconds: number,
): Source[] {
  const start = request.start;
  const proposable = sources.filter((source) => mayOpenProposal(speech, source.blockId));
  const fromMs =
    start === undefined
      ? Math.min(
          ...(proposable.length > 0
            ? proposable
            : sources.filter((source) => !speech.credits.has(source.blockId))
          ).map((item) => item.startMs),
        )
      : 'atMs' in start
        ? start.atMs
        : (sources.find((source) => speech.blockNumbers.get(source.blockId) === start.blockNumber)?.startMs ??
          0);
  const toMs = fromMs + maxSeconds * 1000;
  return sources.filter((source) => source.startMs + source.durationMs > fromMs && source.startMs <= toMs);
}

/**
 * The same from the editor's timeline (the export dialog's proposal): each text block around the sample
 * (sourcesAroundSample) where the layout puts it, its sentences timed in proportion to letters as the read-along
 * times a take without known pauses. The export times the written audio instead, so its sample may start or end a
 * few hundred milliseconds apart; it starts at the same sentence.
 */
export function estimatedSampleSpeech(
  project: Project,
  layout: TimelineLayout,
  request: RetailSampleRequest,
  maxSeconds: number,
): SampleSpeech {
  const speech = sampleSpeechOf(project, []);
  const texts = new Map(
    project.tracks.speech.blocks.flatMap((block) =>
      block.type === 'text' && block.text.trim() !== '' ? [[block.id, block.text]] : [],
    ),
  );
  const spoken = layout.speech.flatMap((item) => {
    const text = texts.get(item.blockId);
    return text === undefined
      ? []
      : [{ blockId: item.blockId, text, startMs: item.startMs, durationMs: item.durationMs }];
  });
  const sources = sourcesAroundSample(speech, spoken, request, maxSeconds);
  return { ...speech, blocks: timeReadAlong(sources, layout.totalMs) };
}
