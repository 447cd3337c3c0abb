import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetailProfile } from '../../../common/export/apply-retail-profile.js';
import { defaultProjectExportSettings } from '../../../common/export/index.js';
import type { RenderPlan } from '../../../common/export/render-plan.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import type { Project } from '../../../common/project/index.js';
import type { ExportEngine } from '../export/index.js';
import { makeProject } from '../batch/test-support/batch-fakes.js';
import type { PreparedExport } from './project-exporter.js';
import { writeRetailSample } from './retail-sample-file.js';
import { recordingExporter } from './test-support/recording-engine.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-retail-sample-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ACX = retailProfile('acx');
const acx = applyRetailProfile(defaultProjectExportSettings, ACX);

/** Opening credits, then a first chapter of 80 short generated blocks (1.5 s each) with one explicit word. */
function book(): Project {
  const texts = ['Read by Ava.', ...Array.from({ length: 80 }, (_, index) => `Line ${index + 2} is here.`)];
  texts[4] = 'Oh shit, line five.';
  const project = makeProject('Book', texts, true);
  const blocks = project.tracks.speech.blocks.map((block, index) =>
    index === 0
      ? { ...block, chapterTitle: 'Opening Credits' }
      : index === 1
        ? { ...block, chapterTitle: 'One' }
        : block,
  );
  return { ...project, tracks: { ...project.tracks, speech: { blocks } } };
}

/** An engine that keeps each mix request's plan and output path, and writes a few bytes there. */
function planRecorder() {
  const mixes: { plan: RenderPlan; outputPath: string; title: string | undefined }[] = [];
  const engine = {
    partialFiles: undefined,
    async exportMix(request: {
      plan: RenderPlan;
      outputPath: string;
      tags?: { metadata: { title?: string } };
    }) {
      mixes.push({ plan: request.plan, outputPath: request.outputPath, title: request.tags?.metadata.title });
      await writeFile(request.outputPath, 'audio');
      return { audioPath: request.outputPath, subtitlePaths: [], durationMs: 1000, bytes: 5 };
    },
  };
  return { mixes, writer: { engine: engine as unknown as ExportEngine, pcmCacheDir: path.join(dir, 'pcm') } };
}

async function prepared(settings = acx.settings): Promise<PreparedExport> {
  return recordingExporter().exporter.prepare(book(), settings);
}

describe('writeRetailSample', () => {
  it('renders the proposed sample from the first chapter, with the profile’s room tone, and names its explicit words', async () => {
    const { mixes, writer } = planRecorder();
    const ready = await prepared();
    const { sample, notes } = await writeRetailSample(writer, ready, ACX, dir);
    expect(sample).toEqual({ written: true });
    expect(mixes.map((mix) => [path.basename(mix.outputPath), mix.title])).toEqual([
      ['Retail Sample.mp3', 'Retail Sample'],
    ]);
    const { plan } = mixes[0]!;
    const credits = ready.plan.clips.find((clip) => clip.id === ready.project.tracks.speech.blocks[0]!.id)!;
    const second = ready.plan.clips.find((clip) => clip.id === ready.project.tracks.speech.blocks[1]!.id)!;
    // It starts with block 2's first word (after the head's room tone) and never holds the credits' audio.
    expect(plan.clips.map((clip) => clip.id)).not.toContain(credits.id);
    expect(plan.clips[0]!.id).toBe(second.id);
    expect(plan.clips[0]!.startMs).toBe(acx.settings.options.roomTone!.headMs);
    expect(plan.durationMs).toBeGreaterThan(60_000);
    expect(notes[0]).toMatch(
      /^Retail sample: Retail Sample\.mp3, 2:\d\d from block 2 \(0:0\d\): “Line 2 is here\. Line 3/u,
    );
    expect(notes.slice(1)).toEqual(['Sample contains “shit” in block 5.']);
  });

  it('cuts the sample the user asked for and checks the words of their list', async () => {
    const { mixes, writer } = planRecorder();
    const settings = {
      ...acx.settings,
      retailSample: { start: { blockNumber: 10 }, lengthSeconds: 70, explicitWords: ['line'] },
    };
    const ready = await prepared(settings);
    const { notes } = await writeRetailSample(writer, ready, ACX, dir);
    expect(mixes[0]!.plan.clips[0]!.id).toBe(ready.project.tracks.speech.blocks[9]!.id);
    expect(notes[0]).toMatch(/from block 10 /u);
    expect(notes[1]).toBe('Sample contains “Line” in block 10.');
  });

  it('writes nothing and says why when the sample cannot be made or has no folder to go in', async () => {
    const { mixes, writer } = planRecorder();
    const late = { ...acx.settings, retailSample: { start: { blockNumber: 70 } } };
    // An earlier delivery's sample in the folder no longer matches the book: it goes, never shipped as current.
    await writeFile(path.join(dir, 'Retail Sample.mp3'), 'an earlier sample');
    const tooLate = await writeRetailSample(writer, await prepared(late), ACX, dir);
    expect(tooLate.sample).toEqual({
      written: false,
      problem: expect.stringMatching(/^The sample from block 70 /u),
    });
    expect(tooLate.notes).toEqual([
      expect.stringMatching(
        /^Retail sample \(ACX.*\) not written: The sample from block 70 .* at least 60 s/u,
      ),
    ]);
    expect(existsSync(path.join(dir, 'Retail Sample.mp3'))).toBe(false);
    const zip = path.join(dir, 'Book.zip');
    await writeFile(zip, 'zip');
    expect((await writeRetailSample(writer, await prepared(), ACX, zip)).notes).toEqual([
      expect.stringMatching(/not written: Book\.zip is not a folder/u),
    ]);
    expect(mixes).toEqual([]);
  });
});

describe('a retailer delivery', () => {
  it('writes the retail sample beside the chapter files and lists it with the pre-flight findings', async () => {
    const { exporter, engine } = recordingExporter();
    const ready = await exporter.prepare(book(), acx.settings);
    const outputPath = path.join(dir, 'Book');
    const result = await exporter.export(ready, { outputPath, mode: acx.mode, overwrite: false });
    expect(await readdir(outputPath)).toContain('Retail Sample.mp3');
    expect(engine.calls.at(-1)?.outputPath).toMatch(/Retail Sample\.mp3$/u);
    expect(result.warnings).toContainEqual(expect.stringMatching(/^Retail sample: Retail Sample\.mp3, /u));
    expect(result.warnings).toContain('Sample contains “shit” in block 5.');
    // Exported again over the same delivery (Replace): the sample is written again, not refused as in the way.
    const again = await exporter.export(ready, { outputPath, mode: acx.mode, overwrite: true });
    expect(again.warnings).toContainEqual(expect.stringMatching(/^Retail sample: Retail Sample\.mp3, /u));
    // The engine refuses a file in the way unless told to replace it (export-types.ts): the sample is.
    expect(engine.requests.at(-1)).toMatchObject({
      overwrite: true,
      tags: { metadata: { title: 'Retail Sample' } },
    });
  });

  it('writes no sample for an export without a profile', async () => {
    const { exporter, engine } = recordingExporter();
    const ready = await exporter.prepare(book(), { ...defaultProjectExportSettings });
    await mkdir(path.join(dir, 'plain'));
    await exporter.export(ready, { outputPath: path.join(dir, 'plain.wav'), mode: 'mix', overwrite: false });
    expect(engine.calls.map((call) => path.basename(call.outputPath))).toEqual(['plain.wav']);
  });
});
