import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyCredits } from '../../common/project/credits-blocks.js';
import type { Project } from '../../common/project/index.js';
import { TOKEN_VARIABLE, readBack, timbre, useCliWorld } from './test-support/timbre-process.js';

/** `timbre export --profile acx --check` against takes the stand-in really spoke: the report, nothing written. */
const world = useCliWorld();
const { project, saveProject } = world;

/** Three chapters of narration, over a minute in all: long enough for ACX's retail sample (at least 60 s). */
const CHAPTERS: Record<string, string[]> = {
  'The Quay': [
    'The ferry left the quay at seven, as it had every morning for forty years.',
    'Gulls followed it past the breakwater, crying over the wake and the empty nets.',
    'On the upper deck a girl in a yellow coat watched the town grow small behind her.',
    'Her ticket was folded into her glove, and her bag held everything she owned in the world.',
    'The captain, who knew every rock on the coast by name, nodded to her as he passed.',
  ],
  'Open Water': [
    'The wind rose in the afternoon and the sea turned the colour of slate.',
    'Spray crossed the deck in long grey sheets, and the passengers went below.',
    'Only the girl stayed outside, holding the rail, counting the waves as they came.',
    'At four the engine coughed twice and fell silent, and the ferry drifted side on to the swell.',
    'Then the engine caught again, the bow came round, and the island rose out of the rain.',
  ],
  Landfall: [
    'By dusk the island was in sight, a dark shape low on the water.',
    'A single lamp burned on the hill above the harbour, where her grandmother lived.',
    'She picked up her bag, and when the ramp came down she was the first ashore.',
    'The harbour master waved a lantern from the end of the pier as the ferry came in.',
    'Her grandmother was waiting at the top of the steps, wrapped in a shawl against the cold.',
  ],
};

function book(): Project {
  const titles = Object.keys(CHAPTERS);
  const base = project('Harbour Lights', Object.values(CHAPTERS).flat());
  let next = 0;
  const blocks = base.tracks.speech.blocks.map((block, index) =>
    index % 5 === 0 ? { ...block, chapterTitle: titles[next++]! } : block,
  );
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

describe('timbre export --profile acx --check', () => {
  it('prints the report of real takes, writes nothing in --out, and exits 1 on a failing rule, 0 when all pass', async () => {
    const credited = applyCredits(book(), {
      opening: 'Harbour Lights. Written by Ada Writer.',
      closing: 'The end of Harbour Lights.',
    });
    const common = ['--profile', 'acx', '--token-env', TOKEN_VARIABLE, '--data', world.dataDir];
    // The takes are spoken once, by an export of the credited book (nothing is ever sent by a check).
    const full = await saveProject('credited.timbre', credited);
    const generated = await timbre([
      'export',
      full,
      '--out',
      path.join(world.workDir, 'made'),
      '--generate',
      ...common,
    ]);
    expect(generated.code, generated.stdout + generated.stderr).toBe(0);
    const sent = world.taskPosts();

    const checkOut = path.join(world.workDir, 'checked');
    const passing = await timbre(['export', full, '--out', checkOut, '--check', ...common]);
    expect(passing.stderr).toBe('');
    expect(passing.code, passing.stdout).toBe(0);
    expect(passing.stdout).toMatch(
      /^Harbour Lights: Pre-flight \(ACX.*\): all \d+ checks pass on the \d+ file\(s\)/mu,
    );
    for (const file of ['01 Opening Credits.mp3', '02 The Quay.mp3', 'Retail Sample.mp3']) {
      expect(passing.stdout).toContain(`pass  ${file}`);
    }
    expect(passing.stdout).not.toContain('FAIL');

    // The same takes without the closing credits (the blocks keep their audio): ACX's rule fails, exit 1.
    const spoken = await readBack(full);
    const blocks = spoken.tracks.speech.blocks.slice(0, -1);
    const uncredited = { ...spoken, tracks: { ...spoken.tracks, speech: { blocks } } };
    const short = await saveProject('uncredited.timbre', uncredited);
    const failing = await timbre(['export', short, '--out', checkOut, '--check', ...common]);
    expect(failing.code, failing.stdout + failing.stderr).toBe(1);
    expect(failing.stdout).toMatch(/checks fail on the files as they will be written/u);
    expect(failing.stdout).toMatch(/^ {2}FAIL {2}.*closing credits/imu);

    // Nothing written where --out points, and nothing sent.
    expect(existsSync(checkOut) ? await readdir(checkOut) : []).toEqual([]);
    expect(world.taskPosts()).toBe(sent);
  }, 600_000);
});
