import { useEffect, useMemo, useRef, useState } from 'react';
import type { ImportBlock } from '../../../../common/import/imported-script.js';
import type { RevisionPlan } from '../../../../common/import/revision-apply.js';
import { planRevision, revisionBlocks } from '../../../../common/import/revision-apply.js';
import type { RevisionChange } from '../../../../common/import/revision-match.js';
import type { Project } from '../../../../common/project/project-schema.js';
import { errorData } from '../../../stores/notice-store.js';
import { startRevisionMatch, type RevisionMatchJob } from './revision-matcher.js';

/** Where the comparison of a revision with the project stands. */
export type RevisionComparison =
  | { readonly state: 'none' }
  | { readonly state: 'comparing' }
  | { readonly state: 'compared'; readonly plan: RevisionPlan }
  | { readonly state: 'failed'; readonly message: string };

/** What one comparison matched: the block texts and paragraphs it was given, and its answer. */
interface Matched {
  readonly oldTexts: readonly string[];
  readonly paragraphs: readonly ImportBlock[];
  readonly outcome: { readonly changes: readonly RevisionChange[] } | { readonly message: string };
}

/**
 * Compares the revision's paragraphs with the project's blocks in a worker (revision-matcher.ts): 'comparing'
 * until it answers, while the dialog stays responsive. The comparison runs again only when the blocks' texts or
 * the paragraphs change (not when a take finishes or the project is saved); a newer one, and leaving the dialog,
 * end the one running.
 */
export function useRevisionPlan(
  project: Project,
  paragraphs: readonly ImportBlock[] | null,
): RevisionComparison {
  const blocks = useMemo(() => revisionBlocks(project), [project]);
  const oldTexts = useMemo(() => blocks.map((block) => block.text), [blocks]);
  const [matched, setMatched] = useState<Matched | null>(null);
  const running = useRef<{ job: RevisionMatchJob; oldTexts: readonly string[]; paragraphs: object } | null>(
    null,
  );

  useEffect(() => {
    const current = running.current;
    if (paragraphs === null) {
      current?.job.cancel();
      running.current = null;
      return;
    }
    // Running, or answered, for the same texts: nothing to compare again.
    if (current && current.paragraphs === paragraphs && sameTexts(current.oldTexts, oldTexts)) return;
    current?.job.cancel();
    const job = startRevisionMatch(
      oldTexts,
      paragraphs.map((paragraph) => paragraph.text),
    );
    running.current = { job, oldTexts, paragraphs };
    const settle = (outcome: Matched['outcome']): void => {
      if (running.current?.job === job) setMatched({ oldTexts, paragraphs, outcome });
    };
    job.changes.then(
      (changes) => settle({ changes }),
      (error: unknown) =>
        settle({ message: `The revision could not be compared: ${errorData(error).message}` }),
    );
  }, [oldTexts, paragraphs]);

  // Leaving the dialog ends a comparison still running: its worker stops at once.
  useEffect(
    () => () => {
      running.current?.job.cancel();
      running.current = null;
    },
    [],
  );

  return useMemo((): RevisionComparison => {
    if (paragraphs === null) return { state: 'none' };
    if (matched === null || matched.paragraphs !== paragraphs || !sameTexts(matched.oldTexts, oldTexts))
      return { state: 'comparing' };
    if ('message' in matched.outcome) return { state: 'failed', message: matched.outcome.message };
    return { state: 'compared', plan: { blocks, paragraphs, changes: matched.outcome.changes } };
  }, [blocks, matched, oldTexts, paragraphs]);
}

/**
 * The plan to apply to the document as it is now: the comparison's, with the document's own blocks, when their
 * texts are still those compared (a take or an autosave since changes nothing the match read); matched again
 * otherwise.
 */
export function revisionPlanFor(current: Project, compared: RevisionPlan): RevisionPlan {
  const blocks = revisionBlocks(current);
  const texts = blocks.map((block) => block.text);
  const comparedTexts = compared.blocks.map((block) => block.text);
  return sameTexts(texts, comparedTexts)
    ? { ...compared, blocks }
    : planRevision(current, compared.paragraphs);
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, index) => text === b[index]);
}
