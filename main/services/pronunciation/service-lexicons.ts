import { z } from 'zod';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { lexiconRulesSchema } from '../../../common/pronunciation/lexicon-schema.js';
import type { Project } from '../../../common/project/project-schema.js';
import { sendContext } from '../../../common/project/send-context.js';
import type { SendContext } from '../../../common/project/send-context.js';
import type { Logger } from '../logging/logger.js';
import { readFileIfExists, writeJsonAtomic } from '../storage/atomic-file.js';
import { rename } from 'node:fs/promises';

/** The send context of a project on this machine: its cast and lexicon, and its service's lexicon. */
export interface ServiceLexicons {
  rulesFor(serviceUrl: string | undefined): readonly LexiconRule[];
  contextFor(project: Project): SendContext;
}

const fileSchema = z.strictObject({
  version: z.literal(1),
  services: z.record(z.string(), lexiconRulesSchema),
});

const NO_RULES: readonly LexiconRule[] = Object.freeze([]);

/**
 * One pronunciation lexicon per service, shared by every project on it, kept in one JSON file (atomic writes,
 * serialised). Each service's rule list keeps its identity until it changes, so the contexts built from it (and
 * every content hash memoised against them) are reused.
 */
export class LexiconStore implements ServiceLexicons {
  private services = new Map<string, readonly LexiconRule[]>();
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly filePath: string,
    private readonly logger: Logger,
    /** The CLI reads the app's file and never moves or writes it. */
    private readonly access: { readOnly?: boolean } = {},
  ) {}

  /** Reads the file; a damaged one is moved aside (never overwritten) and the lexicons start empty. */
  async load(): Promise<void> {
    const text = await readFileIfExists(this.filePath);
    if (text === undefined) return;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
    const parsed = fileSchema.safeParse(data);
    if (parsed.success) {
      this.services = new Map(
        Object.entries(parsed.data.services).map(([url, rules]) => [url, Object.freeze(rules)]),
      );
      return;
    }
    if (this.access.readOnly === true) {
      this.logger.warn(`The pronunciation lexicons file is damaged; no service lexicon is applied.`);
      return;
    }
    const aside = `${this.filePath}.damaged-${Date.now()}`;
    await rename(this.filePath, aside);
    this.logger.warn(`The pronunciation lexicons file was damaged; kept it as ${aside} and started empty.`);
  }

  rulesFor(serviceUrl: string | undefined): readonly LexiconRule[] {
    if (serviceUrl === undefined) return NO_RULES;
    return this.services.get(serviceUrl) ?? NO_RULES;
  }

  contextFor(project: Project): SendContext {
    return sendContext(project, this.rulesFor(project.serviceUrl));
  }

  /** Replaces a service's rules (checked by the caller) and saves; resolves once the file is written. */
  async set(serviceUrl: string, rules: readonly LexiconRule[]): Promise<readonly LexiconRule[]> {
    if (this.access.readOnly === true) throw new Error('The lexicons are read only here.');
    const frozen = Object.freeze([...rules]);
    this.services.set(serviceUrl, frozen);
    const snapshot = { version: 1 as const, services: Object.fromEntries(this.services) };
    const write = this.saving.then(() => writeJsonAtomic(this.filePath, snapshot));
    this.saving = write.catch(() => undefined);
    await write;
    return frozen;
  }
}
