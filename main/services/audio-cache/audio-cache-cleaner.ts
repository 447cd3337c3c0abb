import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '../../../common/project/index.js';
import { allBlocks } from '../../../common/project/index.js';
import { takesOf } from '../../../common/project/takes.js';
import type { MediaCache } from '../media/index.js';
import type { AudioCache } from './audio-cache.js';

import type { AudioCacheUsage } from '../../../common/ipc/contract.js';

/** Audio this recent is never removed: a take being filed may not be in a saved project yet. */
const GRACE_MS = 60 * 60_000;

interface Entry {
  sidecarPath: string;
  audioPath: string | undefined;
  remoteUrl: string | undefined;
  bytes: number;
  modifiedMs: number;
  cacheKey: string;
}

/**
 * The audio cache's size, and clean-up of takes no project uses (deleted takes, old edits of a block). A take
 * is "used" while any project in the projects folder lists it, as a take or as its block's audio. Removing one
 * deletes its file here and the downloaded copy in the media cache; the service may still have it (fetching it
 * again sends nothing), but nothing here can play it until then.
 */
export class AudioCacheCleaner {
  constructor(
    private readonly options: {
      audio: Pick<AudioCache, 'directory'>;
      media: Pick<MediaCache, 'dropFile'>;
      /** Every project the app knows in its projects folder. */
      projects(): Promise<readonly Project[]>;
      now?: () => number;
    },
  ) {}

  async usage(): Promise<AudioCacheUsage> {
    const entries = await this.entries();
    const unused = this.unused(entries, await this.usedKeys());
    return {
      entries: entries.length,
      bytes: sum(entries),
      unusedEntries: unused.length,
      unusedBytes: sum(unused),
    };
  }

  /** Removes the unused takes; answers what was removed. */
  async removeUnused(): Promise<{ removedEntries: number; freedBytes: number }> {
    const entries = await this.entries();
    const unused = this.unused(entries, await this.usedKeys());
    const kept = new Set(entries.filter((entry) => !unused.includes(entry)).map((entry) => entry.remoteUrl));
    let freedBytes = 0;
    for (const entry of unused) {
      // The sidecar goes first: without it the entry is not in the cache, whatever else is left.
      await rm(entry.sidecarPath, { force: true });
      if (entry.audioPath) await rm(entry.audioPath, { force: true });
      freedBytes += entry.bytes;
      if (entry.remoteUrl && !kept.has(entry.remoteUrl)) {
        await this.options.media.dropFile(entry.remoteUrl).catch(() => 0);
      }
    }
    return { removedEntries: unused.length, freedBytes };
  }

  private unused(entries: readonly Entry[], used: ReadonlySet<string>): Entry[] {
    const now = this.options.now?.() ?? Date.now();
    return entries.filter((entry) => !used.has(entry.cacheKey) && now - entry.modifiedMs > GRACE_MS);
  }

  private async usedKeys(): Promise<Set<string>> {
    const used = new Set<string>();
    for (const project of await this.options.projects()) {
      for (const block of allBlocks(project)) {
        for (const take of takesOf(block)) used.add(take.cacheKey);
        if (block.generation.kind === 'generated') used.add(block.generation.audio.cacheKey);
      }
    }
    return used;
  }

  private async entries(): Promise<Entry[]> {
    const root = this.options.audio.directory;
    const found: Entry[] = [];
    const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      const dir = path.join(root, folder.name);
      const names = await readdir(dir);
      for (const name of names) {
        if (!/^[0-9a-f]{64}\.json$/u.test(name)) continue;
        const cacheKey = name.slice(0, 64);
        const sidecarPath = path.join(dir, name);
        const audioName = names.find((other) => other.startsWith(cacheKey) && other !== name);
        const audioPath = audioName === undefined ? undefined : path.join(dir, audioName);
        const info = await stat(audioPath ?? sidecarPath).catch(() => undefined);
        found.push({
          cacheKey,
          sidecarPath,
          audioPath,
          remoteUrl: await remoteUrlOf(sidecarPath),
          bytes: audioPath === undefined ? 0 : (info?.size ?? 0),
          modifiedMs: info?.mtimeMs ?? 0,
        });
      }
    }
    return found;
  }
}

function sum(entries: readonly Entry[]): number {
  return entries.reduce((total, entry) => total + entry.bytes, 0);
}

async function remoteUrlOf(sidecarPath: string): Promise<string | undefined> {
  try {
    const parsed = JSON.parse(await readFile(sidecarPath, 'utf8')) as { remoteUrl?: unknown };
    return typeof parsed.remoteUrl === 'string' ? parsed.remoteUrl : undefined;
  } catch {
    return undefined;
  }
}
