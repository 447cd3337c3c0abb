import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDuckingSettings, loudnessPresets } from '../../common/export/index.js';
import { parseCommandLine } from './cli-args.js';

const parse = (line: string, env: NodeJS.ProcessEnv = {}) =>
  parseCommandLine(line.split(' ').filter(Boolean), env);

describe('timbre command line', () => {
  it('reads an export with the defaults: WAV 16-bit 44.1 kHz stereo, podcast loudness, no subtitles', () => {
    expect(parse('export a.timbre folder --out out')).toEqual({
      kind: 'export',
      projects: ['a.timbre', 'folder'],
      out: path.resolve('out'),
      settings: {
        options: {
          audio: { format: 'wav', bitDepth: 16 },
          loudness: loudnessPresets.podcast,
          subtitles: { srt: false, vtt: false },
        },
        sampleRate: 44_100,
        channels: 2,
        ducking: defaultDuckingSettings,
        metadata: {},
        chapters: { markers: false, json: false, nameTemplate: '{n} {title}' },
      },
      generate: false,
      confirmChargeTwice: false,
      nameTemplate: '{title}',
      overwrite: false,
      mode: 'mix',
      service: undefined,
      dataDir: undefined,
    });
  });

  it('reads --format m4b and m4a with spoken-word bit rates by channels, and the book tags', () => {
    expect(
      parse(
        'export b.timbre --out o --format m4b --channels 1 --narrator Ned --genre Audiobook --series Saga --part 2',
      ),
    ).toMatchObject({
      mode: 'mix',
      settings: {
        options: { audio: { format: 'm4b', bitrateKbps: 64 } },
        channels: 1,
        metadata: { narrator: 'Ned', genre: 'Audiobook', series: 'Saga', part: '2' },
      },
    });
    expect(parse('export b.timbre --out o --format m4a --split chapters')).toMatchObject({
      mode: 'chapters-folder',
      settings: { options: { audio: { format: 'm4a', bitrateKbps: 128 } }, channels: 2 },
    });
    expect(parse('export b.timbre --out o --format m4b --bitrate 96')).toMatchObject({
      settings: { options: { audio: { format: 'm4b', bitrateKbps: 96 } } },
    });
  });

  it('reads chapter and tag flags into the settings, names a bad tag by its flag, and refuses a split with markers', () => {
    const command = parse(
      'export b.timbre --out o --format mp3 --chapters --chapters-json --title Book --author Ada --year 2026 --track 2/9',
    );
    expect(command).toMatchObject({
      mode: 'mix',
      settings: {
        metadata: { title: 'Book', author: 'Ada', year: '2026', track: '2/9' },
        chapters: { markers: true, json: true },
      },
    });
    expect(parse('export b.timbre --out o --split chapters --chapter-name {n}-{title}')).toMatchObject({
      mode: 'chapters-folder',
      settings: { chapters: { nameTemplate: '{n}-{title}' } },
    });
    expect(() => parse('export b.timbre --out o --year 26')).toThrow(
      '--year must be a four-digit year, e.g. 2026',
    );
    expect(() => parse('export b.timbre --out o --split chapters --chapter-name {project}')).toThrow(
      /--chapter-name File name template must contain \{n\} or \{title\}/u,
    );
    expect(() => parse('export b.timbre --out o --chapter-name {n}')).toThrow(
      '--chapter-name names the files of --split chapters only',
    );
  });

  it('reads every option, the token from the named variable, and normalises the service URL', () => {
    const command = parse(
      'export a.timbre --out o --format mp3 --bitrate 128 --rate 48000 --channels 1 --srt --vtt --generate ' +
        '--service HTTP://Example.com/api/ --token-env MY_TOKEN --data d --name {index}-{title} --loudness acx --overwrite --confirm-charge-twice',
      { MY_TOKEN: ' secret ' },
    );
    expect(command).toMatchObject({
      settings: {
        options: {
          audio: { format: 'mp3', bitrateKbps: 128 },
          loudness: loudnessPresets.acx,
          subtitles: { srt: true, vtt: true },
        },
        sampleRate: 48_000,
        channels: 1,
      },
      generate: true,
      confirmChargeTwice: true,
      overwrite: true,
      service: 'http://example.com/api',
      token: 'secret',
      tokenEnv: 'MY_TOKEN',
      dataDir: path.resolve('d'),
      nameTemplate: '{index}-{title}',
    });
  });

  it('answers help and version before anything else', () => {
    expect(parse('--help')).toEqual({ kind: 'help' });
    expect(parse('export --version')).toEqual({ kind: 'version' });
  });

  it.each([
    ['', /missing command/],
    ['play a.timbre', /unknown command "play" \(the commands are "export" and "import"\)/],
    ['export --out o', /at least one PROJECT/],
    ['export a.timbre', /--out DIR is required/],
    ['export a.timbre --out o --nope', /unknown option --nope/],
    ['export a.timbre --out o --format ogg', /--format must be one of wav, mp3, m4b, m4a \(got "ogg"\)/],
    ['export a.timbre --out o --bitrate 128', /--bitrate applies to --format mp3, m4b and m4a only/],
    [
      'export a.timbre --out o --format m4b --bitrate 320',
      /--bitrate must be one of 64, 80, 96, 112, 128, 160, 192, 256 kbps for --format m4b \(got 320\)/,
    ],
    ['export a.timbre --out o --format m4a --bit-depth 24', /--bit-depth applies to --format wav only/],
    ['export a.timbre --out o --format m4b --rate 96000', /--rate must be an AAC rate .* for M4B output/],
    [
      'export a.timbre --out o --format m4b --part two',
      /--part must be a number in the series, e.g. 3 or 3.5/,
    ],
    ['export a.timbre --out o --format mp3 --bit-depth 24', /--bit-depth applies to --format wav only/],
    ['export a.timbre --out o --bit-depth 20', /--bit-depth must be 16 or 24/],
    ['export a.timbre --out o --format mp3 --rate 96000', /--rate must be an MP3 rate .* \(got 96000\)/],
    ['export a.timbre --out o --rate 100', /--rate must be ≥ 8000 Hz/],
    ['export a.timbre --out o --rate -5', /--rate .*argument/],
    ['export a.timbre --out o --confirm-charge-twice', /--confirm-charge-twice applies with --generate only/],
    ['export a.timbre --out o --loudness loud', /--loudness must be one of none, podcast, broadcast, acx/],
    ['export a.timbre --out o --name {x}', /--name has an unknown placeholder \{x\}/],
    ['export a.timbre --out o --service localhost:8787', /--service must use http:\/\/ or https:\/\//],
    ['export a.timbre --out o --token-env sk-123', /--token-env must be the name of an environment variable/],
    [
      'export a.timbre --out o --token-env MISSING',
      /--token-env: the environment variable it names is not set/,
    ],
  ])('refuses "%s" naming the flag and rule', (line, message) => {
    expect(() => parse(line)).toThrow(message);
  });

  it('says the variable --token-env names is empty, without its name', () => {
    expect(() => parse('export a.timbre --out o --token-env EMPTY_TOKEN', { EMPTY_TOKEN: '  ' })).toThrow(
      /^--token-env: the environment variable it names is empty; set it to the token$/u,
    );
  });

  // A token typed where a name, a keyword or an option goes must not reach stderr (scrollback, CI logs).
  const secret = 'sk_live_7f3a9c2b81';
  it.each([
    [
      `export a.timbre --out o --token-env ${secret}`,
      /--token-env: the environment variable it names is not set/,
    ],
    [`export a.timbre --out o --token-env ${secret.replaceAll('_', '-')}`, /--token-env must be the name/],
    [`export a.timbre --out o --${secret}`, /unknown option \(not repeated here, in case it is a secret/],
    [
      `export a.timbre --out o --format ${secret}`,
      /--format must be one of wav, mp3, m4b, m4a \(got a 18-character value/,
    ],
    [
      `export a.timbre --out o --rate ${secret}`,
      /--rate must be a whole number of hertz \(got a 18-character/,
    ],
    [
      `${secret} a.timbre --out o`,
      /unknown command a 18-character value \(not repeated, in case it is a secret\)/,
    ],
  ])('never repeats a token typed by mistake: "%s"', (line, message) => {
    let thrown: unknown;
    try {
      parse(line, { TIMBRE_TOKEN: 'the-real-token' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    const text = (thrown as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain('7f3a9c2b81');
    expect(text).not.toContain('the-real-token');
  });

  it('reads --video FILE as the video export of one project, and refuses what does not apply to it', () => {
    expect(parse('export dub.timbre --out o --video clip.mov --keep-original-audio --srt')).toMatchObject({
      mode: 'video',
      videoPath: path.resolve('clip.mov'),
      settings: {
        video: { container: 'mov', keepOriginalAudio: true },
        options: { subtitles: { srt: true } },
      },
    });
    // A WebM stays WebM (its VP8/VP9/AV1 picture copied, the new soundtrack Opus) unless another is named.
    expect(parse('export dub.timbre --out o --video clip.webm')).toMatchObject({
      settings: { video: { container: 'webm', keepOriginalAudio: false } },
    });
    expect(parse('export dub.timbre --out o --video clip.webm --video-container mp4')).toMatchObject({
      settings: { video: { container: 'mp4', keepOriginalAudio: false } },
    });
    expect(parse('export dub.timbre --out o --video clip.m4v')).toMatchObject({
      settings: { video: { container: 'mp4' } },
    });
    const refused = (line: string): string => {
      try {
        parse(line);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'accepted';
    };
    expect(refused('export a.timbre b.timbre --out o --video clip.mp4')).toMatch(/name one PROJECT/u);
    expect(refused('export a.timbre --out o --video clip.mp4 --split chapters')).toMatch(/--split/u);
    expect(refused('export a.timbre --out o --video clip.mp4 --format mp3')).toMatch(
      /--format applies to audio files/u,
    );
    expect(refused('export a.timbre --out o --video notes.txt')).toMatch(/MP4, MOV, M4V or WebM file \(got/u);
    // Matroska is not a container the editor takes as a reference video, so the command does not either.
    expect(refused('export a.timbre --out o --video clip.mkv')).toMatch(/MP4, MOV, M4V or WebM file \(got/u);
    expect(refused('export a.timbre --out o --keep-original-audio')).toMatch(/with --video FILE only/u);
    expect(refused('export a.timbre --out o --video-container webm')).toBe(
      '--video-container applies with --video FILE only',
    );
    expect(refused('export a.timbre --out o --video clip.webm --video-container mkv')).toBe(
      '--video-container must be mp4, mov or webm (got "mkv")',
    );
  });

  it('reads --fit report without --out, --fit apply with it, and timbre import with its own flags only', () => {
    const refused = (line: string): string => {
      try {
        parse(line);
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'accepted';
    };
    expect(parse('export dub.timbre --fit report')).toMatchObject({ kind: 'export', fit: 'report' });
    expect(parse('export dub.timbre --out o --fit apply --generate')).toMatchObject({
      fit: 'apply',
      generate: true,
    });
    expect(refused('export dub.timbre --fit apply')).toBe('--out DIR is required');
    expect(refused('export dub.timbre --fit maybe')).toBe('--fit must be one of report, apply (got "maybe")');
    expect(refused('export dub.timbre --fit report --generate')).toMatch(/use --fit apply with --generate/u);
    expect(parse('import subs.vtt --out dub.timbre --title Dub --overwrite')).toEqual({
      kind: 'import',
      script: path.resolve('subs.vtt'),
      out: path.resolve('dub.timbre'),
      title: 'Dub',
      overwrite: true,
    });
    expect(refused('import subs.srt')).toMatch(/--out FILE\.timbre/u);
    expect(refused('import subs.srt --out dub.wav')).toMatch(/ending in \.timbre/u);
    expect(refused('import a.srt b.srt --out dub.timbre')).toMatch(/exactly one SCRIPT/u);
    expect(refused('import book.epub --out dub.timbre')).toMatch(/import reads a timed script/u);
    expect(refused('import subs.srt --out dub.timbre --fit report')).toMatch(/--fit applies to export/u);
  });
});
