import { describe, expect, it } from 'vitest';
import { parseCueTime } from './cue-times.js';
import { parseScriptText, pastedTextFormat } from './script-formats.js';

const reading = { speakerLabels: true, quotedDialogue: false };
const linesOf = (text: string, format: 'csv' | 'tsv' = 'csv') =>
  parseScriptText(text, format, 'lines', reading).chapters.flatMap((chapter) => chapter.lines);

describe('cue times in a spreadsheet', () => {
  it('reads seconds and clock times with a comma or a point before the milliseconds', () => {
    const times = ['12', '12.5', '12,25', '00:00:12,500', '00:01:02.003', '1:02:03', '01:02.5'].map(
      parseCueTime,
    );
    expect(times).toEqual(
      [12_000, 12_500, 12_250, 12_500, 62_003, 3_723_000, 62_500].map((ms) => ({ ok: true, ms })),
    );
  });

  it('refuses what is no time, and frame timecodes it cannot read without a frame rate', () => {
    expect(parseCueTime('soon')).toEqual({
      ok: false,
      problem: expect.stringContaining('“soon” is not a time'),
    });
    expect(parseCueTime('00:61:00,000')).toEqual({
      ok: false,
      problem: expect.stringContaining('“00:61:00,000” is not a time (minutes must be under 60)'),
    });
    expect(parseCueTime('00:00:01:12')).toEqual({ ok: false, problem: expect.stringContaining('frames') });
  });
});

describe('timed CSV and TSV scripts', () => {
  it('reads ElevenLabs Voiceover Studio’s speaker,line,start_time,end_time as timed lines in speaker lanes', () => {
    expect(
      linesOf(
        'speaker,line,start_time,end_time\nALICE,"Hello, you.",0.5,2\nBob,Hi.,00:00:01.500,00:00:03,000\nNarrator,Later.,5,6\n',
      ),
    ).toEqual([
      {
        text: 'Hello, you.',
        speaker: 'Alice',
        pauseAfterMs: 0,
        timing: { startMs: 500, endMs: 2000, lane: 0 },
      },
      { text: 'Hi.', speaker: 'Bob', pauseAfterMs: 0, timing: { startMs: 1500, endMs: 3000, lane: 1 } },
      { text: 'Later.', pauseAfterMs: 0, timing: { startMs: 5000, endMs: 6000, lane: 2 } },
    ]);
  });

  it('speaks the translation of a dubbing sheet, and a line without an end keeps its slot open', () => {
    expect(
      linesOf('speaker\tstart_time\tend_time\ttranscription\ttranslation\nA\t1\t\tHello.\tHola.\n', 'tsv'),
    ).toEqual([{ text: 'Hola.', speaker: 'A', pauseAfterMs: 0, timing: { startMs: 1000, lane: 0 } }]);
  });

  it('stays an untimed script without start and end columns', () => {
    expect(linesOf('speaker,text\nA,Hi.\n')).toEqual([{ text: 'Hi.', speaker: 'A' }]);
  });

  it('names the file line of a bad row, counting lines inside quoted cells', () => {
    const sheet = 'speaker,text,start,end\n\nA,"One\nline",1,2\nA,Two.,x1,3\n';
    expect(() => linesOf(sheet)).toThrow(/^Line 5: column start: “x1” is not a time/u);
    expect(() => linesOf('speaker,text,start,end\nA,One.,1,2\nA,Two.,,3\n')).toThrow(
      /^Line 3: column start is empty/u,
    );
  });

  it('refuses overlapping lines of one speaker and an end before its start, with their lines', () => {
    expect(() => linesOf('speaker,text,start,end\nA,One.,1,4\nB,Other.,2,3\nA,Two.,3,5\n')).toThrow(
      /^Line 4: this cue \(00:00:03,000 --> 00:00:05,000\) overlaps the one on line 2/u,
    );
    expect(() => linesOf('speaker,text,start,end\nA,One.,4,1\n')).toThrow(
      /^Line 2: the cue ends before it starts/u,
    );
    expect(() => linesOf('speaker,text,start,end\n')).toThrow(/^Line 1: the file has no cues/u);
  });
});

describe('pasted text', () => {
  it('is read as subtitles when it starts as a WebVTT or SubRip file does, else as plain text', () => {
    expect(pastedTextFormat('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi.')).toBe('vtt');
    expect(pastedTextFormat('1\r\n00:00:01,000 --> 00:00:02,000\r\nHi.')).toBe('srt');
    expect(pastedTextFormat('00:00:01,000 --> 00:00:02,000\nHi.')).toBe('srt');
    expect(pastedTextFormat('1. Chapter one\n\nIt was 10:30 --> late.')).toBe('text');
    expect(pastedTextFormat('WEBVTTish notes')).toBe('text');
  });
});
