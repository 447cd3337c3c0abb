/**
 * Benchmark: how honest is the fit check's length estimate (common/timing/fit-check.ts)? Generates lines of
 * varied length with each of the stand-in's market voices at speech rates 0.8, 1, 1.25 and 1.5 through the app's
 * own generation service (the shared generation harness: real client, job manager, audio cache), then, as the app
 * does, learns each voice's pace from its first few takes at rate 1 and estimates every other line from its text as
 * sent. Prints the error of the estimate against the take's real length, in % of the real length: median and 90th
 * percentile of |estimate − real| ÷ real, per rate and overall, and the signed median (is it biased long or short?).
 *
 *   npx tsx scripts/bench-fit-estimate.ts [--lines 16] [--learn 4] [--speed 20] [--keep FILE]
 *
 * espeak speaks every line for real, so a run takes a minute or two on one core. `--keep FILE` saves the generated
 * project there, or reads it from there when it exists, to compare estimates on the same takes.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Project, TextBlock } from '../common/project/index.js';
import { createProject, createTextBlock, layoutTimeline } from '../common/project/index.js';
import { sendContext } from '../common/project/send-context.js';
import { fitCheck } from '../common/timing/fit-check.js';
import type { GenerationService } from '../main/services/generation/index.js';
import { openGenerationHarness } from '../main/services/generation/test-support/generation-harness.js';
import { startStandin } from '../standin/index.js';
import type { MarketVoiceInfo } from '../standin/index.js';

const RATES = [0.8, 1, 1.25, 1.5] as const;

/** Lines from one word to three sentences, as a dub's cues run. */
const ENGLISH = [
  'Yes.',
  'Over here!',
  'We leave at dawn.',
  'Nobody in the village remembered a flood like it.',
  'The river ran high that spring, and the mill wheel turned all night.',
  'She kept the lamp lit by the window, in case her brother came home along the towpath.',
  'Wait. Did you hear that? Someone is on the stairs.',
  'By morning the water had reached the third step of the church, and the bells had stopped.',
  'He said nothing, but he took off his boots and started carrying sandbags to the door.',
  'Three hundred and twelve kilometres, in one day, on a bicycle with no gears.',
  'Turn left at the lights. Then keep going until you see the bakery.',
  'I told you already: the key is under the blue pot, not the red one.',
  'Welcome back. In this lesson we will learn how to set up your first project, step by step.',
  'Careful!',
  'The results surprised everyone, including the team that ran the trial.',
  'Thank you for calling. Your call is important to us. Please stay on the line.',
];

const CHINESE = [
  '是的。',
  '在这里！',
  '我们明天一早出发。',
  '村里没有人记得这样的洪水。',
  '那年春天河水很高，磨坊的水车整夜转个不停。',
  '她把灯放在窗边，以防她的哥哥沿着河边小路回家。',
  '等一下。你听到了吗？楼梯上有人。',
  '到了早上，水已经漫到教堂的第三级台阶，钟声也停了。',
  '他什么也没说，只是脱下靴子，开始往门口搬沙袋。',
  '一天骑了三百一十二公里，骑的还是一辆没有变速的自行车。',
  '在红绿灯处左转，然后一直走，直到看到面包店。',
  '我已经告诉过你了：钥匙在蓝色的花盆下面，不是红色的。',
  '欢迎回来。这一课我们将一步一步学习如何建立你的第一个项目。',
  '小心！',
  '结果让所有人都感到意外，包括做试验的团队。',
  '感谢您的来电。您的来电对我们很重要，请不要挂机。',
];

interface Sample {
  voice: string;
  rate: number;
  realMs: number;
  estimatedMs: number;
}

function linesFor(voice: MarketVoiceInfo, count: number): string[] {
  const texts = voice.language === 'zh' ? CHINESE : ENGLISH;
  return Array.from({ length: count }, (_, index) => texts[index % texts.length]!);
}

/** Every line of every voice at every rate, each timed in a lane and a minute of its own. */
function benchProject(serviceUrl: string, voices: readonly MarketVoiceInfo[], count: number): Project {
  const base = createProject({
    title: 'Fit estimate benchmark',
    serviceUrl,
    defaults: { voiceId: voices[0]!.idForGenerate, voiceName: voices[0]!.name, language: 'en' },
  });
  const blocks: TextBlock[] = [];
  for (const voice of voices) {
    for (const rate of RATES) {
      for (const text of linesFor(voice, count)) {
        const startMs = blocks.length * 60_000;
        blocks.push({
          ...createTextBlock({
            text,
            voiceId: voice.idForGenerate,
            language: voice.language,
            speechRate: rate,
          }),
          timing: { startMs, cueEndMs: startMs + 1_000, lane: 0, fit: 'fixed' },
        });
      }
    }
  }
  return { ...base, tracks: { ...base.tracks, speech: { blocks } } };
}

function takeMsOf(block: TextBlock): number | undefined {
  return (
    block.takes?.[0]?.durationMs ??
    (block.generation.kind === 'generated' ? block.generation.audio.durationMs : undefined)
  );
}

/** The generated project with takes only on each voice's first `learn` lines at rate 1: what the app learns from. */
function learningFrom(generated: Project, learn: number): { project: Project; learned: Set<string> } {
  const learned = new Set<string>();
  const perVoice = new Map<string, number>();
  const blocks = generated.tracks.speech.blocks.map((block) => {
    if (block.type !== 'text') return block;
    const voice = block.voiceId ?? '';
    const seen = perVoice.get(voice) ?? 0;
    if (block.speechRate === 1 && seen < learn) {
      perVoice.set(voice, seen + 1);
      learned.add(block.id);
      return block;
    }
    const withoutTakes: TextBlock = { ...block, generation: { kind: 'not-generated' } };
    delete withoutTakes.takes;
    delete withoutTakes.pinnedTake;
    return withoutTakes;
  });
  return { project: { ...generated, tracks: { ...generated.tracks, speech: { blocks } } }, learned };
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

function errorLine(label: string, samples: readonly Sample[]): string {
  const errors = samples.map(
    (sample) => (Math.abs(sample.estimatedMs - sample.realMs) / sample.realMs) * 100,
  );
  const signed = samples.map((sample) => ((sample.estimatedMs - sample.realMs) / sample.realMs) * 100);
  const median = percentile(errors, 0.5);
  const p90 = percentile(errors, 0.9);
  const bias = percentile(signed, 0.5);
  return `  ${label.padEnd(14)} ${String(samples.length).padStart(5)}   median ${median.toFixed(1).padStart(5)} %   p90 ${p90.toFixed(1).padStart(5)} %   (signed median ${bias >= 0 ? '+' : ''}${bias.toFixed(1)} %)`;
}

async function generatedProject(
  serviceUrl: string,
  voices: readonly MarketVoiceInfo[],
  count: number,
  keep: string | undefined,
  service: GenerationService,
): Promise<Project> {
  if (keep !== undefined && existsSync(keep)) {
    console.log(`Reading the generated lines from ${keep}…`);
    return JSON.parse(await readFile(keep, 'utf8')) as Project;
  }
  const project = benchProject(serviceUrl, voices, count);
  console.log(
    `Generating ${project.tracks.speech.blocks.length} lines: ${voices.map((voice) => `${voice.name} (${voice.language})`).join(', ')} × rates ${RATES.join(', ')} × ${count} lines…`,
  );
  const started = Date.now();
  const generated = await service.generateAndWait(project);
  console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (keep !== undefined) await writeFile(keep, JSON.stringify(generated));
  return generated;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      lines: { type: 'string', default: '16' },
      learn: { type: 'string', default: '4' },
      speed: { type: 'string', default: '20' },
      keep: { type: 'string' },
    },
  });
  const count = Number(values.lines);
  const learn = Number(values.learn);
  const standin = await startStandin({ speed: Number(values.speed) });
  const harness = await openGenerationHarness({ tempPrefix: 'timbre-bench-fit-', serviceUrl: standin.url });
  try {
    const voices = standin.marketVoices;
    const generated = await generatedProject(standin.url, voices, count, values.keep, harness.service);
    const { project: learning, learned } = learningFrom(generated, learn);
    const context = sendContext(learning, []);
    const lines = fitCheck(learning, context, layoutTimeline(learning, context));
    const byId = new Map(generated.tracks.speech.blocks.map((block) => [block.id, block]));
    const names = new Map(voices.map((voice) => [voice.idForGenerate, voice.name]));
    const samples: Sample[] = lines.flatMap((line) => {
      const block = byId.get(line.blockId);
      if (block?.type !== 'text' || learned.has(line.blockId) || line.source !== 'estimate') return [];
      const realMs = takeMsOf(block);
      if (realMs === undefined || realMs <= 0) return [];
      return [
        {
          voice: names.get(block.voiceId ?? '') ?? '?',
          rate: block.speechRate ?? 1,
          realMs,
          estimatedMs: line.estimatedMs,
        },
      ];
    });
    console.log(
      `\nEstimate error, |estimate − real| ÷ real (pace learned from each voice's first ${learn} takes at rate 1; ${samples.length} lines estimated):`,
    );
    console.log(`  ${'lines'.padStart(20)}`);
    for (const rate of RATES) {
      console.log(
        errorLine(
          `rate ${rate}`,
          samples.filter((sample) => sample.rate === rate),
        ),
      );
    }
    for (const voice of voices) {
      console.log(
        errorLine(
          voice.name,
          samples.filter((sample) => sample.voice === voice.name),
        ),
      );
    }
    console.log(errorLine('overall', samples));
  } finally {
    await harness.close();
    await standin.close();
  }
}

await main();
