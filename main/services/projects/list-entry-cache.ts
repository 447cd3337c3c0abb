import type { Stats } from 'node:fs';
import type { ProjectListEntry } from '../../../common/project/library-views.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';

interface CachedEntry {
  stamp: string;
  serviceUrl: string | undefined;
  serviceRules: readonly LexiconRule[];
  entry: ProjectListEntry;
}

/**
 * The project list's entries, kept while their files stay as they were. Listing reads and checks every project
 * (its counts and length need the whole file): a 10,000-block audiobook takes ~300 ms, on every return to the
 * list, and an open clicked meanwhile waited behind it. An entry stands for the file it was read from (inode,
 * size and modification time) and the service lexicon its counts were made with (rule lists keep their identity
 * until they change); anything else reads the file again.
 */
const NO_RULES: readonly LexiconRule[] = Object.freeze([]);

export class ListEntryCache {
  private readonly entries = new Map<string, CachedEntry>();

  /** `lexicons` answers a service's current rules; without one, counts are made with none. */
  constructor(
    private readonly lexicons:
      { rulesFor(serviceUrl: string | undefined): readonly LexiconRule[] } | undefined,
  ) {}

  private rulesFor(serviceUrl: string | undefined): readonly LexiconRule[] {
    return this.lexicons?.rulesFor(serviceUrl) ?? NO_RULES;
  }

  get(fileName: string, stats: Stats): ProjectListEntry | undefined {
    const cached = this.entries.get(fileName);
    if (cached === undefined || cached.stamp !== stampOf(stats)) return undefined;
    return cached.serviceRules === this.rulesFor(cached.serviceUrl) ? cached.entry : undefined;
  }

  set(fileName: string, stats: Stats, serviceUrl: string | undefined, entry: ProjectListEntry): void {
    this.entries.set(fileName, {
      stamp: stampOf(stats),
      serviceUrl,
      serviceRules: this.rulesFor(serviceUrl),
      entry,
    });
  }

  forget(fileName: string): void {
    this.entries.delete(fileName);
  }
}

function stampOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}
