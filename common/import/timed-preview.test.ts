import { describe, expect, it } from 'vitest';
import { previewImport, scriptBlocks } from './imported-script.js';
import { parseScriptText } from './script-formats.js';
import { estimateSpeechMs } from '../project/duration-estimate.js';
import { decodeTextFile } from '../text/index.js';

const reading = { speakerLabels: true, quotedDialogue: false };
const long = 'This line says far more than its short cue has time for, by a long way indeed.';
const srt = `1\n00:00:01,000 --> 00:00:02,000\nALICE: ${long}\n\n2\n00:00:01,500 --> 00:00:09,500\nBOB: Hi.\n\n3\n00:00:03,000 --> 00:00:04,000\nALICE: ${long} ${long}\n`;

describe('the import preview of a timed script', () => {
  const script = parseScriptText(srt, 'srt', 'blank-lines', reading);
  const preview = previewImport(script, scriptBlocks(script, {}), 5, reading);

  it('lists every cue with its times, slot, speaker and lane, one block per cue', () => {
    expect(preview.blockCount).toBe(3);
    expect(preview.timed).toMatchObject({ cues: 3, lanes: 2 });
    expect(
      preview.timed!.shown.map(({ startMs, endMs, slotMs, lane, speaker }) => ({
        startMs,
        endMs,
        slotMs,
        lane,
        speaker,
      })),
    ).toEqual([
      { startMs: 1000, endMs: 2000, slotMs: 1000, lane: 0, speaker: 'Alice' },
      { startMs: 1500, endMs: 9500, slotMs: 8000, lane: 1, speaker: 'Bob' },
      { startMs: 3000, endMs: 4000, slotMs: 1000, lane: 0, speaker: 'Alice' },
    ]);
  });

  it('estimates each line from its text and marks the ones that overrun, with the rate they would need', () => {
    const [first, second, third] = preview.timed!.shown;
    expect(first!.estimatedMs).toBe(estimateSpeechMs(long));
    expect(first!.overrunMs).toBe(estimateSpeechMs(long) - 1000);
    expect(first!.neededRate).toBeCloseTo(estimateSpeechMs(long) / 1000, 1);
    expect(first!.rateInRange).toBe(estimateSpeechMs(long) / 1000 <= 2);
    expect(second).toMatchObject({ overrunMs: 0, rateInRange: true });
    expect(second!.neededRate).toBeUndefined();
    // Twice as long in the same second: past the fastest rate the app sends.
    expect(third).toMatchObject({ rateInRange: false });
    expect(preview.timed!.overruns).toBe(2);
  });

  it('is absent for an untimed script', () => {
    const plain = parseScriptText('Hello there.', 'text', 'blank-lines', reading);
    expect(previewImport(plain, scriptBlocks(plain, {})).timed).toBeUndefined();
  });
});

describe('a subtitle file in an encoding the import does not read', () => {
  it('is refused naming the encoding (UTF-32), before any cue is read', () => {
    const text = '1\n00:00:01,000 --> 00:00:02,000\nHéllo.\n';
    for (const littleEndian of [true, false]) {
      const bytes = new Uint8Array(text.length * 4);
      const view = new DataView(bytes.buffer);
      [...text].forEach((char, index) => view.setUint32(index * 4, char.codePointAt(0)!, littleEndian));
      expect(decodeTextFile(bytes)).toEqual({
        ok: false,
        problem: expect.stringMatching(/^it is in UTF-32/u),
      });
    }
  });
});
