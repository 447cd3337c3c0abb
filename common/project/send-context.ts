import type { LexiconRule } from '../pronunciation/lexicon-schema.js';
import { NARRATOR_ID } from './cast-schema.js';
import type { Speaker } from './cast-schema.js';
import type { ProjectDefaults } from './project-schema.js';

/**
 * Everything besides a block itself that decides what is sent for it: the project defaults, the cast (a block's
 * speaker fills what the block leaves unset) and the pronunciation rules (the project's, then the service's).
 * Content hashes, states, takes and the wire form are all computed against one, so they always agree.
 *
 * Contexts are memoised by the identity of their parts (project values are immutable), so a 10,000-block
 * project re-rendering after an unrelated edit gets the same context and every block's memoised hash.
 */
export interface SendContext {
  readonly defaults: ProjectDefaults;
  readonly speakers: ReadonlyMap<string, Speaker>;
  readonly rules: readonly LexiconRule[];
}

interface ContextParts {
  readonly defaults: ProjectDefaults;
  readonly cast: readonly Speaker[];
  readonly lexicon: readonly LexiconRule[];
}

const NO_RULES: readonly LexiconRule[] = Object.freeze([]);
const NO_CAST: readonly Speaker[] = Object.freeze([]);

/**
 * Contexts by the identity of each part, one level per part. Not one entry per defaults object: two projects that
 * share their defaults but not their cast (the editor's current project and a view's throttled copy from before
 * a speaker was added) then each keep their own context. With one entry they replaced each other's on every
 * render, every render got a new context, and views waiting on hashes for that context re-rendered without end
 * (the editor froze after adding a speaker just as a generation finished).
 */
type Memo = WeakMap<
  ProjectDefaults,
  WeakMap<readonly Speaker[], WeakMap<readonly LexiconRule[], WeakMap<readonly LexiconRule[], SendContext>>>
>;
const memo: Memo = new WeakMap();

function level<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** The context blocks of `project` are sent in, with the lexicon of the project's service. */
export function sendContext(project: ContextParts, serviceRules: readonly LexiconRule[]): SendContext {
  const byCast = level(memo, project.defaults, () => new WeakMap());
  const byLexicon = level(byCast, project.cast, () => new WeakMap());
  const byServiceRules = level(
    byLexicon,
    project.lexicon,
    () => new WeakMap<readonly LexiconRule[], SendContext>(),
  );
  return level(byServiceRules, serviceRules, () => ({
    defaults: project.defaults,
    speakers: new Map(project.cast.map((speaker) => [speaker.id, speaker])),
    rules:
      project.lexicon.length === 0
        ? serviceRules
        : serviceRules.length === 0
          ? project.lexicon
          : [...project.lexicon, ...serviceRules],
  }));
}

/** A context of project defaults alone: no cast beyond the narrator and no pronunciation rules. */
export function defaultsOnlyContext(defaults: ProjectDefaults): SendContext {
  return sendContext({ defaults, cast: NO_CAST, lexicon: NO_RULES }, NO_RULES);
}

/** The speaker a block belongs to; blocks without one (or whose speaker left the cast) belong to the narrator. */
export function speakerIdOf(block: { speakerId?: string | undefined }): string {
  return block.speakerId ?? NARRATOR_ID;
}
