import { findBlock, setServiceUrl } from '../../../common/project/index.js';
import type { Project } from '../../../common/project/project-schema.js';
import type { ProjectViolation } from '../../../common/project/project-validation.js';
import { validateProject } from '../../../common/project/project-validation.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { VoiceCatalog } from '../../../common/project/voice-fit.js';
import { applyStyleFixes, distinctFixes } from '../../../common/project/voice-fit.js';
import { contextIn, voicesIn } from '../../shared/send-context.js';
import { summarizeProblems } from './generation-problems.js';
import { estimateGeneration } from './generation-estimate.js';
import { selectGenerationSettings } from '../../stores/settings-store.js';
import { generationStartedNotice } from './generation-started-notice.js';
import type { AppStores } from '../../stores/app-stores.js';
import { formatCount } from '../../shared/format.js';
import { editDocument } from '../../stores/document-actions.js';
import { overrunningSent } from './overrunning-sent.js';
import { rewriteHeldSentence } from './rewrite-held-sentence.js';

type GenerationRequest = { newTake: boolean; blockIds?: readonly string[] | undefined };

/**
 * The topic of Generate's "Nothing was sent: N blocks need fixing first": it stays until dismissed, so it would
 * still be there, contradicting it, after the user fixed the blocks and a task was sent (issue 37). Each new
 * Generate removes it; it comes back, new, only if blocks still need fixing.
 */
const REFUSAL_TOPIC = 'generation-refused';

/** What one request sends, planned against the document as it is at that moment. */
interface GenerationPlan {
  project: Project;
  blockIds: readonly string[] | undefined;
  credits: number;
  blocks: number;
  /** Timed lines it sends that will overrun their slots, no remedy chosen (overrunningSent). */
  overrunLines: number;
  /** Timed lines it holds back, marked to rewrite shorter (common/project/rewrite-holds.ts). */
  rewriteHeld: number;
}

/**
 * Sends what the user asked to generate: the blocks lacking current audio, or (newTake) another take of the
 * given blocks. An offline draft joins the active service the first time it is generated (undoable like any
 * edit). What was sent is told in a notice; a refusal (nothing sent) in an error. Above the credits set in
 * Settings → Generation it asks first.
 */
export async function startGeneration(
  stores: AppStores,
  activeServiceUrl: string | undefined,
  request: GenerationRequest,
): Promise<void> {
  stores.notices.getState().dismissTopic(REFUSAL_TOPIC);
  const plan = planGeneration(stores, activeServiceUrl, request, { announce: true });
  if (plan === null) return;
  const { confirmAboveCredits } = selectGenerationSettings(stores.settings.getState());
  // Lines held for a rewrite are told before paying for the rest: "Generate" then sends less than everything.
  if (plan.credits > confirmAboveCredits || plan.overrunLines > 0 || plan.rewriteHeld > 0) {
    ask(stores, activeServiceUrl, request, plan, confirmAboveCredits);
    return;
  }
  await send(stores, request, plan);
}

/**
 * The question stays open while the user keeps editing (it does not block the editor), so the answer is applied
 * to the document as it is when Generate is clicked: planned again, and sent only if it is the same project and
 * costs no more than the figure agreed to; otherwise the question is asked again with the new figure.
 */
function ask(
  stores: AppStores,
  activeServiceUrl: string | undefined,
  request: GenerationRequest,
  plan: GenerationPlan,
  threshold: number,
): void {
  stores.editorUi.getState().setPendingGeneration({
    projectTitle: plan.project.title,
    blocks: plan.blocks,
    credits: plan.credits,
    threshold,
    newTake: request.newTake,
    overrunLines: plan.overrunLines,
    rewriteHeld: plan.rewriteHeld,
    send: () => void sendConfirmed(stores, activeServiceUrl, request, plan),
  });
}

async function sendConfirmed(
  stores: AppStores,
  activeServiceUrl: string | undefined,
  request: GenerationRequest,
  confirmed: GenerationPlan,
): Promise<void> {
  const plan = planGeneration(stores, activeServiceUrl, request, { announce: false });
  if (plan === null) return;
  const sameProject = plan.project.id === confirmed.project.id;
  if (sameProject && plan.credits <= confirmed.credits) {
    await send(stores, request, plan);
    return;
  }
  stores.notices.getState().receive({
    kind: 'notification',
    title: 'Nothing sent yet: please confirm again',
    body: sameProject
      ? `The script changed since you confirmed: it now takes up to ≈ ${formatCount(plan.credits)} credits (you confirmed ${formatCount(confirmed.credits)}).`
      : `Another project is open now: “${plan.project.title}”, not “${confirmed.project.title}”.`,
  });
  const { confirmAboveCredits } = selectGenerationSettings(stores.settings.getState());
  ask(stores, activeServiceUrl, request, plan, confirmAboveCredits);
}

/**
 * The blocks a request would send from the open document, or null when nothing can be sent (no document, no
 * service, every chosen block locked, or blocks the service would refuse: those are named in a notice).
 * `announce` tells about locked blocks left out (once, when the request is made, not again on confirming).
 */
function planGeneration(
  stores: AppStores,
  activeServiceUrl: string | undefined,
  request: GenerationRequest,
  { announce }: { announce: boolean },
): GenerationPlan | null {
  let current = stores.document.getState().doc?.project;
  if (!current || activeServiceUrl === undefined) return null;
  if (current.serviceUrl === undefined) {
    stores.document
      .getState()
      .apply((project) => setServiceUrl(project, activeServiceUrl), { label: 'Link to service' });
    current = stores.document.getState().doc?.project;
    if (!current) return null;
  }
  let blockIds = request.blockIds;
  if (request.newTake && blockIds !== undefined) {
    // A locked block keeps its audio too: another take would change what it plays.
    const project = current;
    const locked = blockIds.filter((id) => findBlock(project, id)?.block.locked === true);
    if (locked.length > 0) {
      blockIds = blockIds.filter((id) => !locked.includes(id));
      if (announce)
        stores.notices.getState().receive({
          kind: 'notification',
          title: `${locked.length} locked block${locked.length === 1 ? '' : 's'} left out`,
          body: 'Unlock a block to take it again.',
        });
      if (blockIds.length === 0) return null;
    }
  }
  // Blocks the service would refuse are named here, all in one notice that can select them, before anything
  // is sent (main checks again, and refuses the whole request, if one gets through).
  // Each block's style and voice are checked against the voice it resolves to (block, speaker, defaults).
  const context = contextIn(stores, current);
  const estimate = estimateGeneration(current, context, blockIds);
  const problems = blocksThatCannotGo(current, context, voicesIn(stores, current), estimate.blockIds);
  if (problems.length > 0) {
    showProblems(stores, problems);
    return null;
  }
  if (estimate.blockIds.size === 0 && estimate.rewriteHeld.length > 0) {
    if (announce) showOnlyRewriteHeld(stores, estimate.rewriteHeld);
    return null;
  }
  return {
    project: current,
    blockIds,
    credits: estimate.credits,
    blocks: estimate.blockIds.size,
    overrunLines: overrunningSent(current, context, estimate.blockIds),
    rewriteHeld: estimate.rewriteHeld.length,
  };
}

/** Every line asked for is marked to rewrite shorter: nothing is sent, and the notice can select them. */
function showOnlyRewriteHeld(stores: AppStores, blockIds: readonly string[]): void {
  stores.notices.getState().showProblem({
    topic: REFUSAL_TOPIC,
    title: 'Nothing was sent',
    body: `${rewriteHeldSentence(blockIds.length)}.`,
    action: {
      label: blockIds.length === 1 ? 'Select it' : `Select them (${blockIds.length})`,
      run: () => stores.document.getState().select(blockIds, blockIds[0] ?? null),
    },
  });
}

/** What to do with blocks whose content may be charged twice: ask (main refuses), leave them out, send them. */
type HeldChoice = 'ask' | 'skip' | 'confirm';

async function send(
  stores: AppStores,
  request: GenerationRequest,
  plan: GenerationPlan,
  held: HeldChoice = 'ask',
): Promise<void> {
  try {
    const started = await stores.client.invoke('generation.start', {
      project: plan.project,
      ...(plan.blockIds ? { blockIds: [...plan.blockIds] } : {}),
      ...(request.newTake ? { newTake: true } : {}),
      ...(held === 'confirm' ? { confirmChargeTwice: true as const } : {}),
      ...(held === 'skip' ? { skipChargeTwice: true as const } : {}),
    });
    if ('refused' in started) {
      // Nothing was sent. The answer is applied to the same document (the question is modal), so the blocks
      // confirmed are the blocks named.
      stores.editorUi.getState().setPendingChargeTwice({
        projectTitle: plan.project.title,
        refusal: started,
        sendOthers: () => void send(stores, request, plan, 'skip'),
        sendAll: () => void send(stores, request, plan, 'confirm'),
      });
      return;
    }
    // The run counts every block sent, also those of a task refused before it was ever "on its way".
    if (started.blockIds?.length) stores.generation.getState().joinRun(started.blockIds, Date.now());
    const notice = generationStartedNotice(started, request.newTake);
    const body =
      plan.rewriteHeld > 0 ? `${notice.body}; ${rewriteHeldSentence(plan.rewriteHeld)}` : notice.body;
    stores.notices.getState().receive({ kind: 'notification', title: notice.title, body });
  } catch (error) {
    stores.notices.getState().showError(error);
  }
}

/**
 * One notice for everything that stops the request. When every problem is a style its voice lacks, its action
 * gives each of those voices its own default style where the style was chosen (the defaults, a speaker or a
 * block); otherwise it selects the blocks.
 */
function showProblems(stores: AppStores, problems: readonly ProjectViolation[]): void {
  const summary = summarizeProblems(problems);
  const fixes = distinctFixes(problems.flatMap((violation) => (violation.fix ? [violation.fix] : [])));
  const fixable = problems.every((violation) => violation.fix !== undefined);
  const voiceNames = [...new Set(fixes.map((fix) => fix.voiceName))];
  // "Bruno’s and Mei’s default styles", "Ana’s, Bruno’s and Mei’s default styles"
  const owners = voiceNames.map((name) => `${name}’s`);
  const listed =
    owners.length <= 2 ? owners.join(' and ') : `${owners.slice(0, -1).join(', ')} and ${owners.at(-1)}`;
  const theirDefaults = `${listed} default style${voiceNames.length === 1 ? '' : 's'}`;
  stores.notices.getState().showProblem({
    topic: REFUSAL_TOPIC,
    title: summary.title,
    body: fixable
      ? `${summary.body}\nUse ${theirDefaults} for ${summary.blockIds.length === 1 ? 'it' : 'them'}, then generate again.`
      : summary.body,
    action: fixable
      ? {
          label: `Use ${theirDefaults}`,
          run: () =>
            void editDocument(stores, (project) => applyStyleFixes(project, fixes), {
              label: 'Use each voice’s default style',
            }),
        }
      : {
          label: summary.blockIds.length === 1 ? 'Select it' : `Select them (${summary.blockIds.length})`,
          run: () => stores.document.getState().select(summary.blockIds, summary.blockIds[0] ?? null),
        },
  });
}

/** The rule violations of the blocks this request would send. */
function blocksThatCannotGo(
  project: Project,
  context: SendContext,
  voices: VoiceCatalog,
  sending: ReadonlySet<string>,
): ProjectViolation[] {
  return validateProject(project, context, { voices }).filter((violation) => sending.has(violation.blockId));
}
