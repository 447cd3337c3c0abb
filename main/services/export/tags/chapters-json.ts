import type { FileTags } from './file-tags.js';

/**
 * Podcasting 2.0 JSON chapters (version 1.2.0 of the podcast namespace's format): start times in seconds with
 * titles, and the file's title and author when known. Published next to the audio as `<name>.chapters.json`.
 */
export function chaptersJson(tags: FileTags): string {
  const document = {
    version: '1.2.0',
    ...(tags.metadata.title ? { title: tags.metadata.title } : {}),
    ...(tags.metadata.author ? { author: tags.metadata.author } : {}),
    chapters: tags.chapters.map((chapter) => ({
      startTime: Math.round(chapter.startMs) / 1000,
      endTime: Math.round(chapter.endMs) / 1000,
      title: chapter.title,
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** `/out/Book.mp3` → `/out/Book.chapters.json`. */
export function chaptersJsonPath(audioPath: string): string {
  const dot = audioPath.lastIndexOf('.');
  const slash = Math.max(audioPath.lastIndexOf('/'), audioPath.lastIndexOf('\\'));
  return `${dot > slash ? audioPath.slice(0, dot) : audioPath}.chapters.json`;
}
