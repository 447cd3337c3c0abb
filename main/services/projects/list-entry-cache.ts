import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import type { CountedProjectEntry } from '../../../common/project/library-views.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import type { IndexedEntry, ListEntryIndexFile } from './list-entry-index.js';

/**
 * The project list's entries, kept while their files stay as they were. Listing reads and checks every project
 * (its counts and length need the whole file): a 10,000-block audiobook takes ~300 ms, on every return to the
 * list, and an open clicked meanwhile waited behind it. An entry stands for the file it was read from (inode,
 * size and modification time) and the service lexicon its counts were made with (a digest of its rules, so it
 * holds across restarts); anything else reads the file again. With an index file (list-entry-index.ts) the
 * entries outlive the process: a start lists unchanged files without reading them.
 */
const NO_RULES: readonly LexiconRule[] = Object.freeze([]);

export class ListEntryCache {
  private entries = new Map<string, IndexedEntry>();
  /** Digests of rule lists, by identity (a service's list keeps its identity until its rules change). */
  private readonly digests = new WeakMap<readonly LexiconRule[], string>();
  private loaded: Promise<void> | undefined;
  private changed = false;

  /** `lexicons` answers a service's current rules; without one, counts are made with none. */
  constructor(
    private readonly lexicons:
      { rulesFor(serviceUrl: string | undefined): readonly LexiconRule[] } | undefined,
    private readonly indexFile?: ListEntryIndexFile | undefined,
  ) {}

  /** Reads the index file once (later calls wait for the same read). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      if (this.indexFile !== undefined) this.entries = await this.indexFile.read();
    })();
    return this.loaded;
  }

  get(fileName: string, stats: Stats): CountedProjectEntry | undefined {
    const cached = this.entries.get(fileName);
    if (cached === undefined || cached.stamp !== stampOf(stats)) return undefined;
    return cached.rulesDigest === this.rulesDigestFor(cached.serviceUrl) ? cached.entry : undefined;
  }

  /** Whether the index holds an entry for the file, current or not. */
  knows(fileName: string): boolean {
    return this.entries.has(fileName);
  }

  set(fileName: string, stats: Stats, serviceUrl: string | undefined, entry: CountedProjectEntry): void {
    this.entries.set(fileName, {
      stamp: stampOf(stats),
      ...(serviceUrl === undefined ? {} : { serviceUrl }),
      rulesDigest: this.rulesDigestFor(serviceUrl),
      entry,
    });
    this.changed = true;
  }

  forget(fileName: string): void {
    if (this.entries.delete(fileName)) this.changed = true;
  }

  /** Drops the entries of files no longer listed (deleted, or now unreadable), so the index does not grow. */
  keepOnly(fileNames: ReadonlySet<string>): void {
    for (const fileName of this.entries.keys()) if (!fileNames.has(fileName)) this.forget(fileName);
  }

  /** Writes the index file when an entry changed since it was read or last written. */
  async save(): Promise<void> {
    if (this.indexFile === undefined || !this.changed) return;
    this.changed = false;
    await this.indexFile.write(this.entries);
  }

  private rulesDigestFor(serviceUrl: string | undefined): string {
    const rules = this.lexicons?.rulesFor(serviceUrl) ?? NO_RULES;
    let digest = this.digests.get(rules);
    if (digest === undefined) {
      digest = createHash('sha256').update(JSON.stringify(rules)).digest('base64url');
      this.digests.set(rules, digest);
    }
    return digest;
  }
}

/** What stands for a file's content unchanged: its inode, size and modification time. */
export function stampOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}
