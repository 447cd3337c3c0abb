import type { ChapterSpan } from '../../../common/export/chapter-split.js';
import {
  DEFAULT_CHAPTER_NAME_TEMPLATE,
  chapterFileNames,
  planForChapter,
} from '../../../common/export/chapter-split.js';
import type { ProjectExportSettings } from '../../../common/export/project-export-settings.js';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { withRoomToneEdges } from '../../../common/export/room-tone-edges.js';
import { fileExtension } from '../export/encode/create-encoder.js';
import type { FileTags } from '../export/tags/file-tags.js';
import type { ChapterRequest } from './chapter-fingerprint.js';
import { chapterFingerprints } from './chapter-fingerprint.js';

/** What a per-chapter export needs of the whole: the plan, its chapters, the settings and the book's tags. */
interface ChapterExportInput {
  readonly plan: RenderPlan;
  readonly spans: readonly ChapterSpan[];
  readonly settings: ProjectExportSettings;
  readonly projectTitle: string;
  /** The tags of the whole book (fileTagsFor), which every chapter file starts from. */
  readonly bookTags: FileTags | undefined;
  readonly coverPath: string | undefined;
  /** The app's version: files an earlier version wrote are rendered again (chapter-fingerprint.ts). */
  readonly appVersion?: string | undefined;
}

/**
 * Each chapter file of a per-chapter export: its name (the settings' template, `{n} {title}` by default), what the
 * engine renders for it (its part of the plan with a retailer's head and tail of room tone; tagged with its
 * chapter's title, the book as album and its track number n/total) and its fingerprint (chapter-fingerprint.ts).
 */
export async function chapterRequests({
  plan,
  spans,
  settings,
  projectTitle,
  bookTags,
  coverPath,
  appVersion,
}: ChapterExportInput): Promise<{
  files: { name: string; extension: string; title: string; fingerprint: string }[];
  requests: ChapterRequest[];
}> {
  const names = chapterFileNames(
    settings.chapters?.nameTemplate ?? DEFAULT_CHAPTER_NAME_TEMPLATE,
    spans,
    projectTitle,
  );
  const extension = fileExtension(settings.options.audio);
  const requests = spans.map((span, index) => ({
    // A retailer's head and tail room tone, per file (ACX: 0.5–1 s before the first word, 1–5 s after).
    plan: withRoomToneEdges(planForChapter(plan, span), settings.options.roomTone),
    options: settings.options,
    tags: {
      metadata: {
        ...bookTags?.metadata,
        title: span.title,
        album: settings.metadata?.album ?? settings.metadata?.title ?? projectTitle,
        track: `${index + 1}/${spans.length}`,
      },
      chapters: [],
      markers: false,
      chaptersJson: false,
      ...(coverPath ? { coverPath } : {}),
      ...(bookTags?.language !== undefined ? { language: bookTags.language } : {}),
    },
  }));
  const fingerprints = await chapterFingerprints(
    requests,
    names.map((name) => `${name}.${extension}`),
    appVersion,
  );
  const files = spans.map((span, index) => ({
    name: names[index]!,
    extension,
    title: span.title,
    fingerprint: fingerprints[index]!,
  }));
  return { files, requests };
}
