import { describe, expect, it } from 'vitest';
import { readScriptFile } from './read-script-file.js';

const options = {
  paragraphs: 'blank-lines' as const,
  reading: { speakerLabels: true, quotedDialogue: false },
};
const subtitles = '1\r\n00:00:01,000 --> 00:00:02,500\r\nJOSÉ: ¿Dónde estás?\r\n\r\n';

/** The text in UTF-16 little-endian with its byte-order mark, as Windows subtitle editors often save it. */
function utf16(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < text.length; index += 1)
    view.setUint16(2 + index * 2, text.charCodeAt(index), true);
  return bytes;
}

describe('subtitle files read by main', () => {
  it('reads a UTF-16 SubRip file with Windows line ends into timed lines', async () => {
    const script = await readScriptFile(utf16(subtitles), 'dub.es.srt', options);
    expect(script.chapters[0]!.lines).toEqual([
      {
        text: '¿Dónde estás?',
        speaker: 'José',
        pauseAfterMs: 0,
        timing: { startMs: 1000, endMs: 2500, lane: 0 },
      },
    ]);
  });

  it('refuses a broken file naming the file, its line and the rule, and says nothing was created', async () => {
    const broken = subtitles.replace('00:00:02,500', '00:00:0x,500');
    await expect(readScriptFile(new TextEncoder().encode(broken), 'dub.es.srt', options)).rejects.toThrow(
      /^“dub\.es\.srt” could not be imported: Line 2: the timing line “00:00:01,000 --> 00:00:0x,500” is broken.*Nothing was created\.$/u,
    );
  });
});
