import type { RetailProfile } from './retail-profile-schema.js';

/** What was measured of one delivered file (main/services/export/preflight measures it from the audio). */
export interface MeasuredAudioFile {
  /** The file's name with its extension, as delivered. */
  readonly name: string;
  readonly format: 'mp3' | 'wav' | 'flac' | 'm4a' | 'm4b' | 'other';
  readonly durationMs: number;
  readonly channels: number;
  readonly sampleRate: number;
  /** Mean bit rate of a compressed file; absent for PCM. */
  readonly bitrateKbps?: number;
  /** Whether every frame has the same bit rate (CBR); absent for PCM. */
  readonly constantBitrate?: boolean;
  readonly rmsDb: number;
  readonly peakDb: number;
  readonly integratedLufs?: number;
  /** RMS of the quietest half second, dBFS; −Infinity when that half second is digital zero. */
  readonly noiseFloorDb: number;
  /** How long the file stays below speech level at its start and at its end. */
  readonly headRoomToneMs: number;
  readonly tailRoomToneMs: number;
  /** The longest run of digital zero (every sample below the 16-bit step) anywhere in the file. */
  readonly longestDigitalZeroMs: number;
}

export type PreflightRuleId =
  | 'format'
  | 'sample-rate'
  | 'channels'
  | 'same-channels'
  | 'bitrate'
  | 'constant-bitrate'
  | 'rms'
  | 'loudness'
  | 'peak'
  | 'noise-floor'
  | 'head-room-tone'
  | 'tail-room-tone'
  | 'digital-silence'
  | 'file-length'
  | 'total-length'
  | 'file-name'
  | 'opening-credits'
  | 'closing-credits'
  | 'retail-sample';

/** What the pre-flight knows of the project behind a delivery, beyond what its files measure. */
export interface DeliveryFacts {
  /** Which credits the project holds (its credits blocks: creditsPresent); absent when the caller cannot tell. */
  readonly credits?: { readonly opening: boolean; readonly closing: boolean };
  /** Whether the retail sample the profile asks for was made, or why not; absent when the caller cannot tell. */
  readonly retailSample?:
    { readonly written: true } | { readonly written: false; readonly problem: string } | undefined;
}

/** One rule checked on one file (or on the whole delivery, `file: null`), with the figure and the limit in words. */
export interface PreflightResult {
  readonly file: string | null;
  readonly rule: PreflightRuleId;
  readonly label: string;
  readonly passed: boolean;
  readonly measured: string;
  readonly limit: string;
}

/** Digital zero longer than this in a room-tone profile fails: a retailer's ear hears a dead gap. */
const MAX_DIGITAL_ZERO_MS = 100;
// Reserved by Windows or awkward on some file systems and upload forms; names are checked the same everywhere.
const UNSAFE_NAME = /[<>:"/\\|?*\p{Cc}]/u;
const MAX_NAME_LENGTH = 120;

function db(value: number): string {
  if (value === -Infinity) return 'digital zero';
  const rounded = value.toFixed(1);
  return `${rounded.startsWith('-') ? `−${rounded.slice(1)}` : rounded} dB`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function minutes(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  return `${Math.floor(totalSeconds / 60)} min ${String(totalSeconds % 60).padStart(2, '0')} s`;
}

function within(value: number, range: { min: number; max: number }): boolean {
  return value >= range.min && value <= range.max;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function fileChecks(profile: RetailProfile, file: MeasuredAudioFile): PreflightResult[] {
  const results: PreflightResult[] = [];
  const add = (rule: PreflightRuleId, label: string, passed: boolean, measured: string, limit: string) =>
    results.push({ file: file.name, rule, label, passed, measured, limit });
  const accepted: readonly string[] = profile.acceptedFormats;
  add(
    'format',
    'File format',
    accepted.includes(file.format),
    file.format.toUpperCase(),
    profile.acceptedFormats.map((format) => format.toUpperCase()).join(', '),
  );
  add(
    'sample-rate',
    'Sample rate',
    profile.acceptedSampleRates.includes(file.sampleRate),
    `${file.sampleRate} Hz`,
    profile.acceptedSampleRates.map((rate) => `${rate} Hz`).join(', '),
  );
  add(
    'channels',
    'Channels',
    file.channels === 1 || file.channels === 2,
    file.channels === 1 ? 'mono' : file.channels === 2 ? 'stereo' : `${file.channels} channels`,
    'mono or stereo',
  );
  const compressed = file.bitrateKbps !== undefined;
  if (compressed && profile.minBitrateKbps !== undefined) {
    add(
      'bitrate',
      'Bit rate',
      file.bitrateKbps >= profile.minBitrateKbps - 0.5,
      `${Math.round(file.bitrateKbps)} kbps`,
      `at least ${profile.minBitrateKbps} kbps`,
    );
  }
  if (compressed && profile.constantBitrate) {
    const constant = file.constantBitrate === true;
    add(
      'constant-bitrate',
      'Constant bit rate',
      constant,
      constant ? 'constant (CBR)' : 'variable (VBR)',
      'CBR',
    );
  }
  if (profile.rmsDb) {
    const range = profile.rmsDb;
    add(
      'rms',
      'RMS level',
      within(file.rmsDb, range),
      db(file.rmsDb),
      `${db(range.min)} to ${db(range.max)}`,
    );
  }
  if (profile.integratedLufs) {
    const range = profile.integratedLufs;
    const lufs = file.integratedLufs ?? -Infinity;
    const show = (value: number) => db(value).replace(/dB$/u, 'LUFS');
    add('loudness', 'Loudness', within(lufs, range), show(lufs), `${show(range.min)} to ${show(range.max)}`);
  }
  add('peak', 'Peak', file.peakDb <= profile.maxPeakDb, db(file.peakDb), `at most ${db(profile.maxPeakDb)}`);
  if (profile.maxNoiseFloorDb !== undefined) {
    const limit = profile.maxNoiseFloorDb;
    add(
      'noise-floor',
      'Noise floor',
      file.noiseFloorDb <= limit,
      db(file.noiseFloorDb),
      `at most ${db(limit)}`,
    );
  }
  if (profile.roomTone) {
    const { headMs, tailMs } = profile.roomTone;
    const range = (span: { min: number; max: number }) => `${seconds(span.min)} to ${seconds(span.max)}`;
    add(
      'head-room-tone',
      'Room tone at the head',
      within(file.headRoomToneMs, headMs),
      seconds(file.headRoomToneMs),
      range(headMs),
    );
    add(
      'tail-room-tone',
      'Room tone at the tail',
      within(file.tailRoomToneMs, tailMs),
      seconds(file.tailRoomToneMs),
      range(tailMs),
    );
    add(
      'digital-silence',
      'No digital silence',
      file.longestDigitalZeroMs < MAX_DIGITAL_ZERO_MS,
      file.longestDigitalZeroMs < 1 ? 'none' : `${seconds(file.longestDigitalZeroMs)} at most`,
      `room tone, never digital zero for ${MAX_DIGITAL_ZERO_MS} ms or more`,
    );
  }
  if (profile.split.maxMinutesPerFile !== undefined) {
    const limitMs = profile.split.maxMinutesPerFile * 60_000;
    add(
      'file-length',
      'File length',
      file.durationMs <= limitMs,
      minutes(file.durationMs),
      `at most ${profile.split.maxMinutesPerFile} min`,
    );
  }
  const extension = extensionOf(file.name);
  const nameProblem = UNSAFE_NAME.test(file.name)
    ? 'has characters some systems refuse (< > : " / \\ | ? *)'
    : file.name.length > MAX_NAME_LENGTH
      ? `is ${file.name.length} characters long`
      : extension !== file.format
        ? `ends in “.${extension}”, not “.${file.format}”`
        : undefined;
  add(
    'file-name',
    'File name',
    nameProblem === undefined,
    nameProblem ?? 'fine',
    `plain characters, at most ${MAX_NAME_LENGTH}, ending in the format’s extension`,
  );
  return results;
}

function deliveryChecks(profile: RetailProfile, files: readonly MeasuredAudioFile[]): PreflightResult[] {
  const results: PreflightResult[] = [];
  if (profile.sameChannelsEverywhere) {
    const counts = new Set(files.map((file) => file.channels));
    results.push({
      file: null,
      rule: 'same-channels',
      label: 'Same channels in every file',
      passed: counts.size <= 1,
      measured: counts.size <= 1 ? 'all the same' : 'mono and stereo mixed',
      limit: 'all mono or all stereo',
    });
  }
  if (profile.split.minTotalMinutes !== undefined) {
    const totalMs = files.reduce((sum, file) => sum + file.durationMs, 0);
    results.push({
      file: null,
      rule: 'total-length',
      label: 'Whole book length',
      passed: totalMs >= profile.split.minTotalMinutes * 60_000,
      measured: minutes(totalMs),
      limit: `at least ${profile.split.minTotalMinutes} min`,
    });
  }
  return results;
}

/** A retailer that requires credits fails a delivery whose project has none (each kind said on its own). */
function creditsChecks(profile: RetailProfile, facts: DeliveryFacts): PreflightResult[] {
  const credits = facts.credits;
  if (!profile.credits.required || credits === undefined) return [];
  return (['opening', 'closing'] as const).map((kind) => ({
    file: null,
    rule: `${kind}-credits`,
    label: kind === 'opening' ? 'Opening credits' : 'Closing credits',
    passed: credits[kind],
    measured: credits[kind] ? 'present' : `no ${kind} credits`,
    limit: `${profile.name} requires ${kind} credits, as a file of their own (Add opening and closing credits…)`,
  }));
}

/** A retailer that asks for a retail sample fails a delivery whose sample could not be made, saying why. */
function sampleCheck(profile: RetailProfile, facts: DeliveryFacts): PreflightResult[] {
  const bounds = profile.retailSample;
  const sample = facts.retailSample;
  if (bounds === undefined || sample === undefined) return [];
  const length = `${Math.round(bounds.minSeconds / 60)}–${Math.round(bounds.maxSeconds / 60)} min`;
  return [
    {
      file: null,
      rule: 'retail-sample',
      label: 'Retail sample',
      passed: sample.written,
      measured: sample.written ? 'written' : `not made: ${sample.problem.replace(/\.$/u, '')}`,
      limit: `${profile.name} asks for a retail sample of ${length} of whole sentences${bounds.noCredits ? ', without the credits' : ''}`,
    },
  ];
}

/**
 * Every rule of a profile checked on every file of a delivery, then the rules that span the whole delivery, and
 * those on the project behind it that the caller knows (`facts`).
 */
export function runPreflight(
  profile: RetailProfile,
  files: readonly MeasuredAudioFile[],
  facts: DeliveryFacts = {},
): PreflightResult[] {
  return [
    ...files.flatMap((file) => fileChecks(profile, file)),
    ...deliveryChecks(profile, files),
    ...creditsChecks(profile, facts),
    ...sampleCheck(profile, facts),
  ];
}

/** A failed (or passed) check as the sentence the report and the CLI show. */
export function describePreflightResult(result: PreflightResult): string {
  const where = result.file === null ? 'The delivery' : result.file;
  const verdict = result.passed ? 'passes' : 'fails';
  return `${where}: ${result.label} ${verdict} — measured ${result.measured}; the rule is ${result.limit}.`;
}
