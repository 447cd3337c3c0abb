import type { RenderClip, RenderPlan } from './render-plan.js';

/** A chapter of an export: its title and the time it covers on the export timeline, [startMs, endMs). */
export interface ChapterSpan {
  title: string;
  startMs: number;
  endMs: number;
}

/** What the script before the first titled chapter is called when it becomes a chapter of its own. */
export const OPENING_CHAPTER_TITLE = 'Opening';

/**
 * The chapters an export covers, end to end: each titled block starts one that runs to the next; audio before
 * the first title becomes an "Opening" chapter, so players never start in no chapter. A project without titles is
 * one chapter named `wholeTitle`. Marks at the same time (empty chapters) keep only the last title.
 */
export function chapterSpans(
  marks: readonly { title: string; startMs: number }[],
  durationMs: number,
  wholeTitle: string,
): ChapterSpan[] {
  const starts = marks
    .filter((mark) => mark.startMs < durationMs)
    .map((mark) => ({ title: mark.title, startMs: Math.max(0, mark.startMs) }));
  if (starts.length === 0) return [{ title: wholeTitle, startMs: 0, endMs: durationMs }];
  if (starts[0]!.startMs > 0) starts.unshift({ title: OPENING_CHAPTER_TITLE, startMs: 0 });
  const kept: { title: string; startMs: number }[] = [];
  for (const start of starts) {
    if (kept.length > 0 && kept[kept.length - 1]!.startMs === start.startMs) kept.pop();
    kept.push(start);
  }
  return kept.map((start, index) => ({
    ...start,
    endMs: kept[index + 1]?.startMs ?? durationMs,
  }));
}

/**
 * The part of a plan one chapter covers, on its own timeline starting at zero: clips inside it move back by the
 * chapter's start; a clip crossing a boundary (a music bed under two chapters) is cut, its source offset moved on
 * so it carries on from where the previous file stopped, and its fades kept only on the ends it still has.
 * Subtitle cues move with their blocks, so each file's SRT starts at its own zero.
 */
export function planForChapter(plan: RenderPlan, span: ChapterSpan): RenderPlan {
  const clips: RenderClip[] = [];
  for (const clip of plan.clips) {
    const clipEnd = clip.startMs + clip.durationMs;
    if (clipEnd <= span.startMs || clip.startMs >= span.endMs) continue;
    const cutHead = Math.max(0, span.startMs - clip.startMs);
    const cutTail = Math.max(0, clipEnd - span.endMs);
    const durationMs = clip.durationMs - cutHead - cutTail;
    if (durationMs <= 0) continue;
    const fadeInMs = Math.max(0, clip.fadeInMs - cutHead);
    const fadeOutMs = Math.max(0, clip.fadeOutMs - cutTail);
    const scale = fadeInMs + fadeOutMs > durationMs ? durationMs / (fadeInMs + fadeOutMs) : 1;
    clips.push({
      ...clip,
      startMs: clip.startMs + cutHead - span.startMs,
      durationMs,
      ...(cutHead > 0 ? { sourceOffsetMs: (clip.sourceOffsetMs ?? 0) + cutHead } : {}),
      fadeInMs: Math.floor(fadeInMs * scale),
      fadeOutMs: Math.floor(fadeOutMs * scale),
    });
  }
  const kept = new Set(clips.map((clip) => clip.id));
  const cues = plan.cues
    .filter((cue) => cue.startMs >= span.startMs && cue.startMs < span.endMs)
    .map((cue) => {
      const { clipId, ...rest } = cue;
      return {
        ...rest,
        startMs: cue.startMs - span.startMs,
        ...(clipId !== undefined && kept.has(clipId) ? { clipId } : {}),
      };
    });
  return { ...plan, durationMs: span.endMs - span.startMs, clips, cues };
}

export const DEFAULT_CHAPTER_NAME_TEMPLATE = '{n} {title}';

/**
 * Names (without extension) of chapter files from a template: `{n}` is the chapter number padded to the count's
 * width, `{title}` the chapter title, `{project}` the project title. Characters file systems refuse are replaced,
 * and repeated names get " (2)", " (3)"… so no chapter overwrites another.
 */
export function chapterFileNames(
  template: string,
  spans: readonly ChapterSpan[],
  projectTitle: string,
): string[] {
  const width = Math.max(2, String(spans.length).length);
  const used = new Map<string, number>();
  return spans.map((span, index) => {
    const filled = template
      .replaceAll('{n}', String(index + 1).padStart(width, '0'))
      .replaceAll('{title}', span.title)
      .replaceAll('{project}', projectTitle);
    const base = safeFileName(filled) || `Chapter ${String(index + 1).padStart(width, '0')}`;
    const key = base.toLowerCase();
    const seen = used.get(key) ?? 0;
    used.set(key, seen + 1);
    return seen === 0 ? base : `${base} (${seen + 1})`;
  });
}

/** A template the user typed, checked: it must name each file differently, so it needs {n} or {title}. */
export function chapterTemplateProblem(template: string): string | null {
  if (template.trim() === '') return 'File name template must not be empty.';
  if (template.length > 200) return 'File name template must be at most 200 characters.';
  if (!template.includes('{n}') && !template.includes('{title}'))
    return 'File name template must contain {n} or {title}, so each chapter gets its own file.';
  if (/[\\/]/u.test(template)) return 'File name template must not contain / or \\.';
  return null;
}

// Refused by Windows (and awkward everywhere): reserved characters, control characters, trailing dots and spaces.
function safeFileName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[<>:"/\\|?*\p{Cc}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[. ]+$/u, '')
    .slice(0, 120)
    .trim();
}
