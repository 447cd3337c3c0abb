import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ProjectExportSettings } from '../../common/export/index.js';
import {
  defaultDuckingSettings,
  loudnessPresets,
  mp3Bitrates,
  projectExportSettingsSchema,
} from '../../common/export/index.js';
import { aacBitrates, defaultAacBitrate } from '../../common/export/export-options.js';
import type { AudioMetadata, ChapterOutput } from '../../common/export/audio-metadata.js';
import { DEFAULT_CHAPTER_NAME_TEMPLATE } from '../../common/export/chapter-split.js';
import { READ_ALONG_MODES, readAlongModeProblem } from './read-along-mode.js';
import { checkFlagProblem, profileFlagsProblem, withRetailProfile } from './cli-profile.js';
import { retailProfileIdSchema } from '../../common/export/retail-profile-schema.js';
import { withRoomToneFlag } from './cli-room-tone.js';
import { ALL_CHAPTERS_OPTION, withAllChapters } from './cli-all-chapters.js';
import { DELIVERY_OPTIONS, withSampleRequest } from './cli-sample.js';
import { readCoverImage } from '../services/export/tags/cover-image.js';
import type { ExportMode } from '../../common/export/export-mode.js';
import type { VideoOutput } from '../../common/export/video-output.js';
import { serviceUrlProblem, serviceUrlSchema } from '../../common/settings/settings-schema.js';
import { DEFAULT_NAME_TEMPLATE, nameTemplateProblem } from '../services/project-export/index.js';
import { echoedOption, echoedValue } from './cli-echo.js';
import type { FitMode } from './cli-fit.js';
import { importCommand, type ImportCommand } from './cli-import.js';
import { readVideoFlags } from './cli-video.js';

/** A command line the tool cannot run: the message names the flag and the rule; exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface ExportCommand {
  kind: 'export';
  projects: string[];
  out: string;
  settings: ProjectExportSettings;
  generate: boolean;
  /**
   * --confirm-charge-twice: with --generate, blocks whose text is in a task the service may already have charged
   * (its answer lost, or stuck) are sent too; without it they are left out and their project fails, saying so.
   */
  confirmChargeTwice: boolean;
  nameTemplate: string;
  overwrite: boolean;
  /** One file per project, or a folder per project of its chapters (--split chapters) or blocks. */
  mode: ExportMode;
  /** --cover FILE, resolved. */
  coverPath?: string;
  /** --video FILE, resolved: the picture the new soundtrack is put under (mode `video`). */
  videoPath?: string;
  /** --fit report: print the fit check and stop; --fit apply: take every line's suggestion before exporting. */
  fit?: FitMode;
  /** --check (with --profile): render in staging, print the pre-flight report, write nothing. */
  check?: true;
  /** For projects not linked to a service. */
  service?: string | undefined;
  /** The token read from the variable --token-env names (never printed). */
  token?: string;
  tokenEnv?: string;
  dataDir?: string | undefined;
}

export type CliCommand = { kind: 'help' } | { kind: 'version' } | ExportCommand | ImportCommand;

const LOUDNESS_CHOICES = ['none', 'podcast', 'broadcast', 'acx'] as const;
const DEFAULT_MP3_BITRATE = 192;

const OPTIONS = {
  out: { type: 'string' },
  format: { type: 'string' },
  bitrate: { type: 'string' },
  'bit-depth': { type: 'string' },
  rate: { type: 'string' },
  channels: { type: 'string' },
  srt: { type: 'boolean' },
  vtt: { type: 'boolean' },
  generate: { type: 'boolean' },
  'confirm-charge-twice': { type: 'boolean' },
  service: { type: 'string' },
  'token-env': { type: 'string' },
  data: { type: 'string' },
  name: { type: 'string' },
  loudness: { type: 'string' },
  overwrite: { type: 'boolean' },
  split: { type: 'string' },
  mode: { type: 'string' },
  ...DELIVERY_OPTIONS,
  'room-tone': { type: 'string' },
  check: { type: 'boolean' },
  chapters: { type: 'boolean' },
  'chapters-json': { type: 'boolean' },
  'chapter-name': { type: 'string' },
  ...ALL_CHAPTERS_OPTION,
  title: { type: 'string' },
  author: { type: 'string' },
  album: { type: 'string' },
  year: { type: 'string' },
  track: { type: 'string' },
  comment: { type: 'string' },
  narrator: { type: 'string' },
  genre: { type: 'string' },
  series: { type: 'string' },
  part: { type: 'string' },
  cover: { type: 'string' },
  video: { type: 'string' },
  'keep-original-audio': { type: 'boolean' },
  'video-container': { type: 'string' },
  fit: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Settings fields as the flags that set them, so a schema complaint names what the user typed. */
const FLAG_OF_FIELD: Record<string, string> = {
  sampleRate: '--rate',
  channels: '--channels',
  'options.audio.bitrateKbps': '--bitrate',
  'options.audio.bitDepth': '--bit-depth',
  'metadata.title': '--title',
  'metadata.author': '--author',
  'metadata.album': '--album',
  'metadata.year': '--year',
  'metadata.track': '--track',
  'metadata.comment': '--comment',
  'metadata.narrator': '--narrator',
  'metadata.genre': '--genre',
  'metadata.series': '--series',
  'metadata.part': '--part',
  'chapters.nameTemplate': '--chapter-name',
};

/** Reads `timbre …` arguments (without node and the script). Throws UsageError for anything it cannot run. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseArgsMessage(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [command, ...projects] = positionals;
  if (command === undefined) throw new UsageError('missing command: use "timbre export PROJECT… --out DIR"');
  if (command === 'import') return parsedImport(projects, values);
  if (command !== 'export') {
    throw new UsageError(`unknown command ${echoedValue(command)} (the commands are "export" and "import")`);
  }
  if (projects.length === 0)
    throw new UsageError('export needs at least one PROJECT (a .timbre file or a folder)');
  const fit =
    values.fit === undefined ? undefined : choice('--fit', values.fit, ['report', 'apply'] as const);
  const checkProblem = checkFlagProblem(values);
  if (checkProblem !== null) throw new UsageError(checkProblem);
  // A report exports nothing, so it needs no folder to write into.
  if (fit !== 'report' && !values.check && (values.out === undefined || values.out.trim() === ''))
    throw new UsageError('--out DIR is required');
  if (fit === 'report' && values.generate)
    throw new UsageError('--fit report only prints the fit check; use --fit apply with --generate');

  const format = choice('--format', values.format ?? 'wav', ['wav', 'mp3', 'm4b', 'm4a'] as const);
  if (format === 'wav' && values.bitrate !== undefined) {
    throw new UsageError('--bitrate applies to --format mp3, m4b and m4a only (WAV is uncompressed)');
  }
  if (format !== 'wav' && values['bit-depth'] !== undefined) {
    throw new UsageError('--bit-depth applies to --format wav only');
  }
  const loudness = choice('--loudness', values.loudness ?? 'podcast', LOUDNESS_CHOICES);
  const nameTemplate = values.name ?? DEFAULT_NAME_TEMPLATE;
  const templateProblem = nameTemplateProblem(nameTemplate);
  if (templateProblem) throw new UsageError(`--name ${templateProblem}`);
  const split = choice('--split', values.split ?? 'none', ['none', 'chapters', 'blocks'] as const);
  if (split !== 'none' && (values.chapters || values['chapters-json'])) {
    throw new UsageError(
      '--chapters and --chapters-json mark chapters inside one file; they cannot be used with --split',
    );
  }
  if (values['chapter-name'] !== undefined && split !== 'chapters') {
    throw new UsageError('--chapter-name names the files of --split chapters only');
  }
  const videoFlags = readVideoFlags(values, projects.length, split);
  if (typeof videoFlags === 'string') throw new UsageError(videoFlags);
  const videoPath = videoFlags?.videoPath;
  const book = values.mode === undefined ? undefined : choice('--mode', values.mode, READ_ALONG_MODES);
  const bookProblem = readAlongModeProblem(book, split !== 'none' || videoPath !== undefined);
  if (bookProblem !== null) throw new UsageError(bookProblem);
  const profile =
    values.profile === undefined
      ? undefined
      : choice('--profile', values.profile, retailProfileIdSchema.options);
  const profileProblem = profile === undefined ? null : profileFlagsProblem(profile, values);
  if (profileProblem !== null) throw new UsageError(profileProblem);
  if (values['confirm-charge-twice'] && !values.generate) {
    throw new UsageError('--confirm-charge-twice applies with --generate only (without it nothing is sent)');
  }
  if (values.service !== undefined) {
    const problem = serviceUrlProblem(values.service);
    if (problem) throw new UsageError(`--service ${problem}`);
  }

  const channels = values.channels === undefined ? 2 : wholeNumber('--channels', values.channels, 'channels');
  const settings = buildSettings({
    format,
    bitrate:
      values.bitrate !== undefined
        ? wholeNumber('--bitrate', values.bitrate, 'kbps')
        : format === 'mp3' || (channels !== 1 && channels !== 2)
          ? DEFAULT_MP3_BITRATE
          : defaultAacBitrate(channels),
    bitDepth:
      values['bit-depth'] === undefined ? 16 : wholeNumber('--bit-depth', values['bit-depth'], 'bits'),
    rate: values.rate === undefined ? 44_100 : wholeNumber('--rate', values.rate, 'hertz'),
    channels,
    loudness,
    srt: values.srt ?? false,
    vtt: values.vtt ?? false,
    metadata: {
      title: values.title,
      author: values.author,
      album: values.album,
      year: values.year,
      track: values.track,
      comment: values.comment,
      narrator: values.narrator,
      genre: values.genre,
      series: values.series,
      part: values.part,
    },
    chapters: {
      markers: values.chapters ?? false,
      json: values['chapters-json'] ?? false,
      nameTemplate: values['chapter-name'] ?? DEFAULT_CHAPTER_NAME_TEMPLATE,
    },
    ...(videoFlags === undefined ? {} : { video: videoFlags.output }),
  });

  const exportCommand: ExportCommand = {
    kind: 'export',
    projects,
    out: path.resolve(values.out ?? '.'),
    settings: withSampleRequest(settings, values, profile),
    generate: values.generate ?? false,
    confirmChargeTwice: values['confirm-charge-twice'] ?? false,
    nameTemplate,
    overwrite: values.overwrite ?? false,
    mode:
      book ??
      (videoPath !== undefined
        ? 'video'
        : split === 'chapters'
          ? 'chapters-folder'
          : split === 'blocks'
            ? 'blocks-folder'
            : 'mix'),
    ...(values.cover === undefined ? {} : { coverPath: checkedCover(values.cover) }),
    ...(videoPath === undefined ? {} : { videoPath }),
    ...(fit === undefined ? {} : { fit }),
    ...(values.check ? { check: true as const } : {}),
    service: values.service === undefined ? undefined : serviceUrlSchema.parse(values.service),
    ...tokenFromEnv(values['token-env'], env),
    dataDir: values.data === undefined ? undefined : path.resolve(values.data),
  };
  const withClip = withRoomToneFlag(exportCommand, values['room-tone'], profile);
  if (typeof withClip === 'string') throw new UsageError(withClip);
  const withProfile = profile === undefined ? withClip : withRetailProfile(withClip, profile);
  const withChapters = withAllChapters(withProfile, values['all-chapters']);
  if (typeof withChapters === 'string') throw new UsageError(withChapters);
  return withChapters;
}

/** The flags `timbre import` takes; any other is refused, naming it, rather than quietly ignored. */
const IMPORT_FLAGS = new Set(['out', 'title', 'overwrite', 'service']);

function parsedImport(scripts: readonly string[], values: Record<string, unknown>): ImportCommand {
  const other = Object.keys(values).find((flag) => !IMPORT_FLAGS.has(flag));
  if (other !== undefined)
    throw new UsageError(
      `--${other} applies to export; import takes --out, --title, --overwrite and --service`,
    );
  const service = typeof values.service === 'string' ? values.service : undefined;
  if (service !== undefined) {
    const problem = serviceUrlProblem(service);
    if (problem) throw new UsageError(`--service ${problem}`);
  }
  return importCommand(
    scripts,
    values as { out?: string; title?: string; overwrite?: boolean },
    service === undefined ? undefined : serviceUrlSchema.parse(service),
  );
}

interface SettingsFlags {
  format: 'wav' | 'mp3' | 'm4b' | 'm4a';
  bitrate: number;
  bitDepth: number;
  rate: number;
  channels: number;
  loudness: (typeof LOUDNESS_CHOICES)[number];
  srt: boolean;
  vtt: boolean;
  metadata: Record<keyof AudioMetadata, string | undefined>;
  chapters: ChapterOutput;
  video?: VideoOutput;
}

/** The flags as export settings, checked by the same schema as the app's export dialog. */
function buildSettings(flags: SettingsFlags): ProjectExportSettings {
  const candidate = {
    options: {
      audio:
        flags.format === 'wav'
          ? { format: 'wav', bitDepth: flags.bitDepth }
          : { format: flags.format, bitrateKbps: flags.bitrate },
      loudness: loudnessPresets[flags.loudness],
      subtitles: { srt: flags.srt, vtt: flags.vtt },
    },
    sampleRate: flags.rate,
    channels: flags.channels,
    ducking: defaultDuckingSettings,
    metadata: Object.fromEntries(Object.entries(flags.metadata).filter(([, value]) => value !== undefined)),
    chapters: flags.chapters,
    ...(flags.video ? { video: flags.video } : {}),
  };
  const parsed = projectExportSettingsSchema.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const flag = FLAG_OF_FIELD[field] ?? field;
  if (field === 'options.audio.bitrateKbps') {
    const rates = flags.format === 'mp3' ? mp3Bitrates : aacBitrates;
    throw new UsageError(
      `--bitrate must be one of ${rates.join(', ')} kbps for --format ${flags.format} (got ${flags.bitrate})`,
    );
  }
  if (field === 'sampleRate' && flags.format !== 'wav') {
    throw new UsageError(`--rate ${issue?.message ?? 'is invalid'} (got ${flags.rate})`);
  }
  throw new UsageError(`${flag} ${issue?.message ?? 'is invalid'}`);
}

/** The cover is read now, so a wrong file stops the command before anything is generated. */
function checkedCover(value: string): string {
  const coverPath = path.resolve(value);
  try {
    readCoverImage(coverPath);
  } catch (error) {
    throw new UsageError(`--${error instanceof Error ? error.message : String(error)}`);
  }
  return coverPath;
}

function tokenFromEnv(
  name: string | undefined,
  env: NodeJS.ProcessEnv,
): Pick<ExportCommand, 'token' | 'tokenEnv'> {
  if (name === undefined) return {};
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/u.test(name)) {
    throw new UsageError(
      '--token-env must be the name of an environment variable (letters, digits, _), not the token',
    );
  }
  // The name is never repeated: a token pasted in its place (sk_live_7f3a9c2b81) is made of the same letters,
  // digits and _ as a variable's name, and no test on the text tells the two apart (an upper-case AWS key id
  // looks like a name too). The user has the name in the command they typed.
  const value = env[name];
  if (value === undefined) {
    throw new UsageError(
      '--token-env: the environment variable it names is not set (the name is not repeated here, in case it is ' +
        'the token itself). Pass the name of the variable that holds the token, e.g. ' +
        'TIMBRE_TOKEN=… timbre export … --token-env TIMBRE_TOKEN',
    );
  }
  const token = value.trim();
  if (!token)
    throw new UsageError('--token-env: the environment variable it names is empty; set it to the token');
  return { token, tokenEnv: name };
}

function choice<T extends string>(flag: string, value: string, choices: readonly T[]): T {
  const found = choices.find((candidate) => candidate === value);
  if (found === undefined)
    throw new UsageError(`${flag} must be one of ${choices.join(', ')} (got ${echoedValue(value)})`);
  return found;
}

function wholeNumber(flag: string, value: string, unit: string): number {
  if (!/^\d+$/u.test(value.trim()))
    throw new UsageError(`${flag} must be a whole number of ${unit} (got ${echoedValue(value)})`);
  return Number(value.trim());
}

/** node:util's messages already name the flag; they are kept, minus the advice about positionals. */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/u.exec(message);
  if (unknown) return `unknown option ${echoedOption(unknown[1] ?? '')}`;
  return message.replace(/^Option '([^']+)'/u, '$1');
}
