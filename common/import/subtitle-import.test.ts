import { describe, expect, it } from 'vitest';
import { projectsFromImport } from './import-project.js';
import { scriptBlocks } from './imported-script.js';
import type { ImportedScript } from './imported-script.js';
import { parseScriptText } from './script-formats.js';
import { checkedProject } from '../project/index.js';
import { PROJECT_LIMITS } from '../project/project-limits.js';

const labels = { speakerLabels: true, quotedDialogue: false };

function srt(text: string): ImportedScript {
  return parseScriptText(text, 'srt', 'blank-lines', labels);
}
function vtt(text: string): ImportedScript {
  return parseScriptText(text, 'vtt', 'blank-lines', labels);
}
function linesOf(script: ImportedScript) {
  return script.chapters.flatMap((chapter) => chapter.lines);
}
function cueLines(count: number, step = 2000): string {
  return Array.from({ length: count }, (_, index) => {
    const start = index * step;
    return `${index + 1}\n${clock(start)} --> ${clock(start + step / 2)}\nLine ${index + 1}.\n`;
  }).join('\n');
}
function clock(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

describe('SubRip import', () => {
  it('makes one timed line per cue, speakers from NAME: prefixes, each speaker in a lane of its own', () => {
    const script = srt(
      '1\n00:00:01,000 --> 00:00:03,500\nALICE: Where were you?\n\n2\n00:00:03,000 --> 00:00:05,250\nBOB: Out.\nJust out.\n\n3\n00:00:06,000 --> 00:00:07,000\nThe door closes.\n\n4\n00:00:08,000 --> 00:00:09,000\nAlice: Fine.\n',
    );
    expect(linesOf(script)).toEqual([
      {
        text: 'Where were you?',
        speaker: 'Alice',
        pauseAfterMs: 0,
        timing: { startMs: 1000, endMs: 3500, lane: 0 },
      },
      {
        text: 'Out. Just out.',
        speaker: 'Bob',
        pauseAfterMs: 0,
        timing: { startMs: 3000, endMs: 5250, lane: 1 },
      },
      { text: 'The door closes.', pauseAfterMs: 0, timing: { startMs: 6000, endMs: 7000, lane: 2 } },
      { text: 'Fine.', speaker: 'Alice', pauseAfterMs: 0, timing: { startMs: 8000, endMs: 9000, lane: 0 } },
    ]);
  });

  it('strips styling and positioning from the text that is sent', () => {
    const script = srt(
      '1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:500 Y1:10 Y2:50\n{\\an8}<i>Hello</i>, <b>you</b> <font color="#ffff00">there</font>.<br>Tom &amp; Jerry\n\n2\n00:00:03,000 --> 00:00:04,000\n♪ ♪\n\n3\n00:00:05,000 --> 00:00:06,000\n- Ready?\n– Always - more or less.\n',
    );
    expect(linesOf(script).map((line) => line.text)).toEqual([
      'Hello, you there. Tom & Jerry',
      'Ready? Always - more or less.',
    ]);
  });

  it('leaves NAME: prefixes in the text when labels are not read', () => {
    const script = parseScriptText('1\n00:00:01,000 --> 00:00:02,000\nALICE: Hi.\n', 'srt', 'lines', {
      speakerLabels: false,
      quotedDialogue: false,
    });
    expect(linesOf(script)[0]).toMatchObject({ text: 'ALICE: Hi.' });
    expect(linesOf(script)[0]!.speaker).toBeUndefined();
  });

  it('becomes a project of timed, fixed blocks with no pause, the speakers in the cast, one block per cue', () => {
    const script = srt(
      `1\n00:00:01,000 --> 00:00:04,000\nALICE: ${'A long line that goes on. '.repeat(30)}\n\n2\n00:00:05,000 --> 00:00:06,000\nBOB: Short.\n`,
    );
    const blocks = scriptBlocks(script, { maxLength: 100, splitSentences: true });
    expect(blocks).toHaveLength(2);
    const [project] = projectsFromImport(
      { title: 'Dub', blocks, createdAt: '2026-01-01T00:00:00.000Z' },
      (() => {
        let next = 0;
        return () => `id-${(next += 1)}`;
      })(),
    );
    const checked = checkedProject(project!);
    expect(checked.cast.map((speaker) => speaker.name)).toEqual(['Narrator', 'Alice', 'Bob']);
    const speech = checked.tracks.speech.blocks;
    expect(
      speech.map((block) => (block.type === 'text' ? [block.pauseAfterMs, block.timing] : null)),
    ).toEqual([
      [0, { startMs: 1000, cueEndMs: 4000, lane: 0, fit: 'fixed' }],
      [0, { startMs: 5000, cueEndMs: 6000, lane: 1, fit: 'fixed' }],
    ]);
  });
});

describe('WebVTT import', () => {
  it('reads voice tags, drops cue settings, classes, ruby annotations and timestamps inside cues', () => {
    const script = vtt(
      'WEBVTT\nKind: captions\nLanguage: en\n\nNOTE a comment --> not a cue\n\nSTYLE\n::cue { color: red }\n\nintro\n00:00:01.000 --> 00:00:03.000 line:90% align:start\n<v.loud Roger Bingham>We are in <c.yellow>New York</c> <00:00:02.000>City &amp; more</v>\n\n00:00:02.500 --> 00:00:04.000\n<v Mary>Hi <ruby>東京<rt>とうきょう</rt></ruby>!\n',
    );
    expect(linesOf(script)).toEqual([
      {
        text: 'We are in New York City & more',
        speaker: 'Roger Bingham',
        pauseAfterMs: 0,
        timing: { startMs: 1000, endMs: 3000, lane: 0 },
      },
      { text: 'Hi 東京!', speaker: 'Mary', pauseAfterMs: 0, timing: { startMs: 2500, endMs: 4000, lane: 1 } },
    ]);
  });

  it('puts speakers past the eighth in a lane whose lines they never overlap', () => {
    const cues = Array.from({ length: 9 }, (_, index) => {
      const start = index === 8 ? 20 : index;
      return `00:00:${String(start).padStart(2, '0')}.000 --> 00:00:${String(start).padStart(2, '0')}.900\n<v Speaker ${index + 1}>Line.\n`;
    });
    const lines = linesOf(vtt(`WEBVTT\n\n${cues.join('\n')}`));
    expect(lines.map((line) => line.timing?.lane)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0]);
  });
});

describe('bad subtitle files are refused with their line and rule, and nothing is made', () => {
  const refusal =
    (text: string, kind: 'srt' | 'vtt' = 'srt') =>
    () =>
      kind === 'srt' ? srt(text) : vtt(text);

  it('refuses overlapping cues of one speaker, naming both lines', () => {
    expect(
      refusal(
        '1\n00:00:01,000 --> 00:00:04,000\nALICE: One.\n\n2\n00:00:03,000 --> 00:00:05,000\nALICE: Two.\n',
      ),
    ).toThrow(
      /^Line 6: this cue \(00:00:03,000 --> 00:00:05,000\) overlaps the one on line 2 \(00:00:01,000 --> 00:00:04,000\), and both are Alice’s/u,
    );
  });

  it('lets different speakers overlap (they get different lanes)', () => {
    const lines = linesOf(
      srt('1\n00:00:01,000 --> 00:00:04,000\nALICE: One.\n\n2\n00:00:03,000 --> 00:00:05,000\nBOB: Two.\n'),
    );
    expect(lines.map((line) => line.timing?.lane)).toEqual([0, 1]);
  });

  it('refuses a cue that ends before, or when, it starts', () => {
    expect(
      refusal('1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n2\n00:00:05,000 --> 00:00:04,000\nTwo.\n'),
    ).toThrow(/^Line 6: the cue ends before it starts \(00:00:05,000 --> 00:00:04,000\)/u);
    expect(refusal('WEBVTT\n\n00:00:05.000 --> 00:00:05.000\nTwo.\n', 'vtt')).toThrow(
      /^Line 3: the cue ends when it starts/u,
    );
  });

  it('refuses a cue past the 24 hours a timeline holds, which could be neither moved nor exported', () => {
    expect(
      refusal('1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n2\n23:59:59,000 --> 24:00:00,500\nTwo.\n'),
    ).toThrow(
      /^Line 6: the cue ends at 24:00:00,500, past 24:00:00,000: a project's timeline holds at most 24 hours\.$/u,
    );
    expect(refusal('WEBVTT\n\n99:00:00.000 --> 99:00:01.000\nLate.\n', 'vtt')).toThrow(
      /^Line 3: the cue starts at 99:00:00\.000/u,
    );
  });

  it('refuses a broken timestamp, naming the line and what is wrong', () => {
    expect(
      refusal('1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n2\n00:00:03,00 --> 00:00:04,000\nTwo.\n'),
    ).toThrow(
      /^Line 6: the timing line “00:00:03,00 --> 00:00:04,000” is broken at column \d+: Milliseconds must be given in three digits/u,
    );
    expect(
      refusal('1\n00:00:01,000 --> 00:00:02,000\nOne.\n\n2\n00:00:03,000 - 00:00:04,000\nTwo.\n'),
    ).toThrow(/^Line 5: “2” belongs to no cue/u);
  });

  it('refuses an empty file and a WebVTT file without its signature', () => {
    expect(refusal('\n\n')).toThrow(/^Line 1: the file has no cues/u);
    expect(refusal('WEBVTT\n', 'vtt')).toThrow(/^Line 1: the file has no cues/u);
    expect(refusal('1\n00:00:01.000 --> 00:00:02.000\nHi.\n', 'vtt')).toThrow(
      /^Line 1: a WebVTT file starts with the line “WEBVTT”/u,
    );
  });

  it('refuses more cues than a project holds, at the first cue past the limit', () => {
    const count = PROJECT_LIMITS.blocks + 1;
    expect(refusal(cueLines(count, 200))).toThrow(
      new RegExp(
        `^Line ${(PROJECT_LIMITS.blocks * 4 + 2).toLocaleString('en-US')}: this is cue 20,001 of 20,001; a project holds at most 20,000 blocks`,
        'u',
      ),
    );
  });
});
