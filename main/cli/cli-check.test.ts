import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject } from '../services/batch/test-support/batch-fakes.js';
import { recordingExporter } from '../services/project-export/test-support/recording-engine.js';
import { toneDeliveryExporter } from '../services/project-export/test-support/tone-delivery.js';
import { parseCommandLine, type ExportCommand } from './cli-args.js';
import { runCheckPass } from './cli-check.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'timbre-cli-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function exportCommand(argv: string[]): ExportCommand {
  const command = parseCommandLine(argv, {});
  if (command.kind !== 'export') throw new Error(`not an export: ${command.kind}`);
  return command;
}

describe('timbre export --profile ID --check', () => {
  it('needs a profile, and refuses the flags that would write or send', () => {
    expect(() => exportCommand(['export', 'b.timbre', '--out', 'o', '--check'])).toThrow(
      /--check checks a retailer delivery: add --profile/u,
    );
    expect(() =>
      exportCommand(['export', 'b.timbre', '--out', 'o', '--profile', 'acx', '--check', '--generate']),
    ).toThrow(/writing and sending nothing: leave out --generate/u);
    // No folder is written to, so --out may be left out.
    expect(exportCommand(['export', 'b.timbre', '--profile', 'acx', '--check']).check).toBe(true);
  });

  it('prints every rule of every file with its verdict, writes nothing, and says whether all pass', async () => {
    const command = exportCommand(['export', 'b.timbre', '--out', dir, '--profile', 'acx', '--check']);
    const project = makeProject('Book', ['One.', 'Two.'], true);
    const { exporter: real } = recordingExporter();
    const tones = toneDeliveryExporter([0.14, 0.9]);
    const exporter = {
      prepare: real.prepare.bind(real),
      export: tones.export.bind(tones),
      options: tones.options,
    };
    const sources = { read: async () => ({ ok: true as const, project }) };
    let printed = '';
    const pass = await runCheckPass(command, ['/books/b.timbre'], sources, exporter, (text) => {
      printed += text;
    });
    expect(pass).toBe(false);
    expect(printed).toMatch(
      /^Book: Pre-flight \(ACX.*\): \d+ of \d+ checks fail on the files as they will be/u,
    );
    expect(printed).toMatch(/\n {2}pass {2}01 Chapter One\.mp3: RMS level passes — measured −/u);
    expect(printed).toMatch(
      /\n {2}FAIL {2}02 Chapter Two\.mp3: Peak fails — measured −1\.2 dB; the rule is at most −3\.0 dB\./u,
    );
    expect(tones.calls[0]?.target.outputPath.startsWith(dir)).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  }, 60_000);

  it('fails a project that cannot be read, naming it', async () => {
    const command = exportCommand(['export', 'b.timbre', '--profile', 'acx', '--check']);
    await mkdir(path.join(dir, 'unused'), { recursive: true });
    const sources = { read: async () => ({ ok: false as const, message: 'not a project file' }) };
    let printed = '';
    const { exporter } = recordingExporter();
    const pass = await runCheckPass(command, ['/books/x.timbre'], sources, exporter, (text) => {
      printed += text;
    });
    expect(pass).toBe(false);
    expect(printed).toBe('/books/x.timbre: not checked: not a project file\n');
  });
});
