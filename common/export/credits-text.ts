import { NARRATOR_ID } from '../project/cast-schema.js';
import type { Project } from '../project/project-schema.js';
import { RETAIL_PROFILES } from './retail-profiles.js';

/** What the credits say, taken from the project (creditsFacts) or given by a test. */
export interface CreditsFacts {
  readonly title: string;
  readonly author?: string | undefined;
  /** The narrator as the listener hears it: the name the user gave, else the name of the voice that reads. */
  readonly narrator?: string | undefined;
  readonly copyright?: string | undefined;
}

export interface CreditsText {
  readonly opening: string;
  readonly closing: string;
}

/** Said in both credits when asked: the listener is told plainly that no person reads the book. */
export const AI_NARRATION_LINE = 'This audiobook was narrated by a digital voice.';

/** The short names of the retailers whose profile asks that digital narration be declared ("ACX", "INaudio"). */
export const PROFILES_WANTING_AI_LINE: readonly string[] = RETAIL_PROFILES.filter(
  (profile) => profile.credits.aiNarrationLine,
).map((profile) => profile.name.replace(/\s*\(.*$/u, ''));

/**
 * The facts the credits name, from the project: its title, the author of its metadata, the narrator the metadata
 * names (else the narrator's voice: see narratorVoiceName) and the metadata's copyright line. A project with no
 * title is "Untitled".
 */
export function creditsFacts(project: Project): CreditsFacts {
  return {
    title: project.title.trim() || 'Untitled',
    author: project.metadata?.author,
    narrator: creditedNarrator(project),
    copyright: project.metadata?.copyright,
  };
}

/**
 * Who the book says narrates it, in the credits and in the exported files' narrator tag alike: the narrator the
 * metadata names (the credits dialog keeps a typed one there), else the narrator's voice (narratorVoiceName).
 */
export function creditedNarrator(project: Project): string | undefined {
  return project.metadata?.narrator ?? narratorVoiceName(project);
}

/** The name of the voice that reads the book: the narrator speaker's own voice, else the project's default. */
export function narratorVoiceName(project: Project): string | undefined {
  const narrator = project.cast.find((speaker) => speaker.id === NARRATOR_ID);
  const voice = narrator?.voiceId !== undefined ? narrator.voiceName : project.defaults.voiceName;
  return voice?.trim() || undefined;
}

/** A sentence ends with one full stop, even when the title or a name already ends with one ("Inc."). */
function sentence(text: string): string {
  return /[.!?…]$/u.test(text) ? text : `${text}.`;
}

/**
 * ACX's standard credits, from the facts: opening "<Title>. Written by <Author>. Narrated by <Narrator>.", closing
 * "The end. This has been <Title>, written by <Author>, narrated by <Narrator>." then the copyright line. What the
 * project does not know (no author, no voice yet) is left out rather than guessed. With `aiNarrationLine`, both
 * end by saying the narration is a digital voice.
 */
export function buildCredits(facts: CreditsFacts, options: { aiNarrationLine: boolean }): CreditsText {
  const author = facts.author?.trim();
  const narrator = facts.narrator?.trim();
  const aiLine = options.aiNarrationLine ? [AI_NARRATION_LINE] : [];
  const opening = [
    sentence(facts.title),
    ...(author ? [sentence(`Written by ${author}`)] : []),
    ...(narrator ? [sentence(`Narrated by ${narrator}`)] : []),
    ...aiLine,
  ];
  const byline = [
    facts.title,
    ...(author ? [`written by ${author}`] : []),
    ...(narrator ? [`narrated by ${narrator}`] : []),
  ];
  const copyright = facts.copyright?.trim();
  const closing = [
    'The end.',
    sentence(`This has been ${byline.join(', ')}`),
    ...aiLine,
    ...(copyright ? [sentence(copyright)] : []),
  ];
  return { opening: opening.join(' '), closing: closing.join(' ') };
}
