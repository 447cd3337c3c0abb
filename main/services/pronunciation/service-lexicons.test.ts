import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/block-factory.js';
import { contentHash } from '../../../common/project/content-hash.js';
import type { LexiconRule } from '../../../common/pronunciation/lexicon-schema.js';
import { FileLogger } from '../logging/logger.js';
import { LexiconStore } from './service-lexicons.js';

const SERVICE = 'https://voice.example.com';
const RULE: LexiconRule = {
  id: 'r1',
  term: 'Nguyen',
  replacement: 'Win',
  wholeWord: true,
  caseSensitive: false,
};

describe('LexiconStore', () => {
  let dir: string;
  let logger: FileLogger;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'timbre-lexicons-'));
    logger = new FileLogger(path.join(dir, 'main.log'), () => undefined);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps each service’s rules across restarts, and the hash of a project on that service follows them', async () => {
    const file = path.join(dir, 'lexicons.json');
    const store = new LexiconStore(file, logger);
    await store.load();
    const project = {
      ...createProject({ title: 'P', serviceUrl: SERVICE }),
      tracks: {
        speech: { blocks: [createTextBlock({ id: 't1', text: 'Nguyen spoke.' })] },
        effects: { blocks: [] },
        music: { blocks: [] },
      },
    };
    const block = project.tracks.speech.blocks[0]!;
    const before = contentHash(block, store.contextFor(project));
    await store.set(SERVICE, [RULE]);
    expect(contentHash(block, store.contextFor(project))).not.toBe(before);
    expect(store.rulesFor('https://other.example.com')).toEqual([]);

    const reopened = new LexiconStore(file, logger);
    await reopened.load();
    expect(reopened.rulesFor(SERVICE)).toEqual([RULE]);
    // Unchanged rules keep one identity, so contexts (and memoised hashes) are reused.
    expect(reopened.contextFor(project)).toBe(reopened.contextFor(project));
  });

  it('moves a damaged file aside and starts empty; read-only (the CLI) leaves it where it is', async () => {
    const file = path.join(dir, 'lexicons.json');
    await writeFile(file, '{"version":1,"services":{"x":[{"term":""}]}}');
    const readOnly = new LexiconStore(file, logger, { readOnly: true });
    await readOnly.load();
    expect(readOnly.rulesFor('x')).toEqual([]);
    await expect(readOnly.set('x', [RULE])).rejects.toThrow(/read only/u);
    expect(await readdir(dir)).toContain('lexicons.json');

    const store = new LexiconStore(file, logger);
    await store.load();
    const files = await readdir(dir);
    expect(files).not.toContain('lexicons.json');
    expect(files.some((name) => name.startsWith('lexicons.json.damaged-'))).toBe(true);
  });
});
