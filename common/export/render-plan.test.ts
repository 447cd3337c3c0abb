import { describe, expect, it } from 'vitest';
import { exportOptionsSchema, formatSupportsRate, loudnessPresets } from './export-options.js';
import { msToFrames, renderPlanSchema, type RenderPlan } from './render-plan.js';

const plan: RenderPlan = {
  sampleRate: 44100,
  channels: 2,
  durationMs: 10_000,
  clips: [
    {
      id: 'a',
      track: 'speech',
      sourceKey: 'k1',
      startMs: 0,
      durationMs: 2000,
      gainDb: 0,
      fadeInMs: 10,
      fadeOutMs: 10,
    },
    {
      id: 'm',
      track: 'music',
      sourceKey: 'k2',
      startMs: 0,
      durationMs: 10_000,
      gainDb: -18,
      fadeInMs: 0,
      fadeOutMs: 0,
      loop: true,
    },
  ],
  cues: [{ blockId: 'b', clipId: 'a', text: 'Hello.', startMs: 0, durationMs: 2000 }],
};

function issues(input: unknown): string[] {
  const result = renderPlanSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('renderPlanSchema', () => {
  it('accepts a valid plan', () => {
    expect(issues(plan)).toEqual([]);
  });

  it('names the field and the rule of each problem', () => {
    const broken = { ...plan, channels: 6, clips: [plan.clips[0], { ...plan.clips[1], gainDb: 40 }] };
    expect(issues(broken)).toEqual(['channels: must be 1 or 2', 'clips.1.gainDb: must be ≤ 24 dB']);
    // Rules across fields are checked once every field is valid on its own.
    const logical = {
      ...plan,
      clips: [
        { ...plan.clips[0], fadeInMs: 1500, fadeOutMs: 1000 },
        { ...plan.clips[1], id: 'a' },
      ],
      cues: [{ ...plan.cues[0], clipId: 'ghost' }],
    };
    expect(issues(logical)).toEqual([
      'clips.0.fadeOutMs: fadeInMs + fadeOutMs must be ≤ durationMs',
      'clips.1.id: must be unique ("a" repeats)',
      'cues.0.clipId: must name a clip of the plan ("ghost" does not)',
    ]);
  });

  it('refuses numbers that are not finite (zod 4 numbers do: `.finite()` was a no-op and is gone)', () => {
    const [speech, music] = plan.clips;
    const endless = { ...plan, durationMs: Infinity, clips: [{ ...speech, gainDb: -Infinity }, music] };
    expect(issues(endless).map((issue) => issue.split(':')[0])).toEqual(['durationMs', 'clips.0.gainDb']);
  });

  it('converts milliseconds to whole frames', () => {
    expect(msToFrames(1000, 44100)).toBe(44100);
    expect(msToFrames(0.01, 44100)).toBe(0);
    expect(msToFrames(22.7, 44100)).toBe(1001);
  });
});

describe('export options', () => {
  it('accepts the presets and the formats of the issue', () => {
    for (const loudness of Object.values(loudnessPresets)) {
      for (const audio of [
        { format: 'wav', bitDepth: 16 },
        { format: 'wav', bitDepth: 24 },
        { format: 'mp3', bitrateKbps: 128 },
        { format: 'mp3', bitrateKbps: 320 },
      ]) {
        expect(
          exportOptionsSchema.safeParse({ audio, loudness, subtitles: { srt: true, vtt: false } }).success,
        ).toBe(true);
      }
    }
  });

  it('rejects bit rates and depths outside the choices, naming them', () => {
    const result = exportOptionsSchema.safeParse({
      audio: { format: 'mp3', bitrateKbps: 96 },
      loudness: { kind: 'none' },
      subtitles: { srt: true, vtt: true },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be one of 128, 160, 192, 224, 256, 320 kbps');
  });

  it('knows which rates MP3 can take', () => {
    expect(formatSupportsRate({ format: 'mp3', bitrateKbps: 128 }, 44100)).toBe(true);
    expect(formatSupportsRate({ format: 'mp3', bitrateKbps: 128 }, 96000)).toBe(false);
    expect(formatSupportsRate({ format: 'wav', bitDepth: 24 }, 96000)).toBe(true);
  });
});
