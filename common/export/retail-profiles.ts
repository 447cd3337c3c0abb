import type { RetailProfile, RetailProfileId } from './retail-profile-schema.js';

/**
 * Retailer delivery profiles: what each audiobook store (or a podcast host) asks of the files it takes. A profile
 * fixes the export (format, rate, channels, loudness, room tone, split, names) and the limits the pre-flight
 * checks measure the files against (common/export/preflight-checks.ts).
 *
 * The figures are the published specs as known to the author on the date in `readOn`: they were NOT read from the
 * web for this release (no network while building it). Each rule says whether it is the retailer's own or a choice
 * Timbre makes where the retailer is silent, and `sure: false` marks a figure to confirm on the source page.
 */

const KNOWLEDGE_DATE = '2024 (author’s knowledge; not re-read online for this release)';

/** The ACX/Audible mastering rules, which INaudio and the aggregators serving Apple and Spotify follow too. */
const ACX_LEVELS = {
  loudness: { kind: 'rms', rmsDb: -20, peakDb: -3.5 },
  rmsDb: { min: -23, max: -18 },
  maxPeakDb: -3,
  maxNoiseFloorDb: -60,
  roomTone: { headMs: { min: 500, max: 1000 }, tailMs: { min: 1000, max: 5000 } },
} as const;

const AUDIOBOOK_SPLIT = { chapterFiles: true, creditsOwnFiles: true, maxMinutesPerFile: 120 } as const;

/** Audiobook stores want the book to open and close with its credits; Timbre's voices are digital, so say so. */
const AUDIOBOOK_CREDITS = { required: true, aiNarrationLine: true } as const;

const RETAIL_SAMPLE = { minSeconds: 60, maxSeconds: 300, noCredits: true, noExplicit: true } as const;

const levelRules = [
  { topic: 'Loudness', rule: 'RMS between −23 dB and −18 dB', from: 'retailer', sure: true },
  { topic: 'Peak', rule: 'Peaks no higher than −3 dB', from: 'retailer', sure: true },
  { topic: 'Noise floor', rule: 'Noise floor no higher than −60 dB RMS', from: 'retailer', sure: true },
  {
    topic: 'Room tone',
    rule: '0.5–1 s of room tone at the head, 1–5 s at the tail',
    from: 'retailer',
    sure: true,
  },
] as const;

const profiles: readonly RetailProfile[] = [
  {
    id: 'acx',
    name: 'ACX (Audible, Amazon, Apple through ACX)',
    sourceUrl: 'https://www.acx.com/help/acx-audio-submission-requirements/201456300',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 192 },
    acceptedFormats: ['mp3'],
    sampleRate: 44100,
    acceptedSampleRates: [44100],
    channels: 1,
    sameChannelsEverywhere: true,
    minBitrateKbps: 192,
    constantBitrate: true,
    ...ACX_LEVELS,
    split: AUDIOBOOK_SPLIT,
    fileNameTemplate: '{n} {title}',
    retailSample: RETAIL_SAMPLE,
    credits: AUDIOBOOK_CREDITS,
    aiNarration: {
      policy: 'human-only-unless-authorised',
      statement:
        'ACX takes only audiobooks narrated by a human, unless ACX has authorised otherwise. Timbre’s voices are ' +
        'synthetic: do not upload this delivery to ACX without that authorisation.',
    },
    rules: [
      {
        topic: 'Narration',
        rule: 'Must be narrated by a human, unless otherwise authorised',
        from: 'retailer',
        sure: true,
      },
      {
        topic: 'Format',
        rule: '192 kbps or higher MP3, constant bit rate (CBR), 44.1 kHz',
        from: 'retailer',
        sure: true,
      },
      {
        topic: 'Channels',
        rule: 'All files mono or all stereo (mono recommended)',
        from: 'retailer',
        sure: true,
      },
      ...levelRules,
      {
        topic: 'Split',
        rule: 'One section (chapter) per file; opening and closing credits',
        from: 'retailer',
        sure: true,
      },
      { topic: 'Length', rule: 'At most 120 minutes per file', from: 'retailer', sure: true },
      {
        topic: 'Retail sample',
        rule: '1–5 minutes, no explicit content, not the opening credits',
        from: 'retailer',
        sure: true,
      },
      {
        topic: 'File names',
        rule: 'No rule found; Timbre numbers files in order: "01 Opening Credits"',
        from: 'timbre',
        sure: true,
      },
    ],
  },
  {
    id: 'google-play',
    name: 'Google Play Books',
    sourceUrl: 'https://support.google.com/books/partner/answer/7317497',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 192 },
    acceptedFormats: ['mp3', 'm4a', 'flac', 'wav'],
    sampleRate: 44100,
    acceptedSampleRates: [22050, 24000, 32000, 44100, 48000],
    channels: 1,
    sameChannelsEverywhere: false,
    minBitrateKbps: 32,
    constantBitrate: false,
    loudness: ACX_LEVELS.loudness,
    rmsDb: ACX_LEVELS.rmsDb,
    maxPeakDb: ACX_LEVELS.maxPeakDb,
    split: { chapterFiles: true, creditsOwnFiles: false, minTotalMinutes: 5 },
    fileNameTemplate: '{n} {title}',
    retailSample: RETAIL_SAMPLE,
    credits: { required: false, aiNarrationLine: true },
    aiNarration: {
      policy: 'disclose',
      statement:
        'Google Play Books takes synthetic narration but asks that it be declared: mark the book as ' +
        'digitally narrated when you upload it.',
    },
    rules: [
      {
        topic: 'Format',
        rule: 'MP3, M4A, FLAC or WAV files, or a zip of them, or an LPF package',
        from: 'retailer',
        sure: true,
      },
      { topic: 'Length', rule: 'The whole book at least 5 minutes long', from: 'retailer', sure: true },
      { topic: 'Bit rate', rule: 'At least 32 kbps (MP3/M4A)', from: 'retailer', sure: false },
      {
        topic: 'Sample rate',
        rule: 'At least 22.05 kHz; 44.1 kHz recommended',
        from: 'retailer',
        sure: false,
      },
      {
        topic: 'Narration',
        rule: 'Digitally narrated books are taken when declared as such',
        from: 'retailer',
        sure: false,
      },
      {
        topic: 'Loudness',
        rule: 'None published; Timbre masters to the ACX levels (RMS −23…−18 dB, peak ≤ −3 dB)',
        from: 'timbre',
        sure: true,
      },
      {
        topic: 'Split',
        rule: 'One file per chapter (Google builds the table of contents from the files)',
        from: 'timbre',
        sure: true,
      },
    ],
  },
  {
    id: 'inaudio',
    name: 'INaudio (formerly Findaway Voices)',
    sourceUrl: 'https://inaudio.com/resources/audio-file-requirements',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 192 },
    acceptedFormats: ['mp3', 'wav'],
    sampleRate: 44100,
    acceptedSampleRates: [44100],
    channels: 1,
    sameChannelsEverywhere: true,
    minBitrateKbps: 192,
    constantBitrate: true,
    ...ACX_LEVELS,
    split: AUDIOBOOK_SPLIT,
    fileNameTemplate: '{n} {title}',
    retailSample: RETAIL_SAMPLE,
    credits: AUDIOBOOK_CREDITS,
    aiNarration: {
      policy: 'disclose',
      statement:
        'INaudio distributes digitally narrated audiobooks only to the retailers that take them, and asks you to ' +
        'declare the narration as digital. Declare it: the book will not reach every store.',
    },
    rules: [
      {
        topic: 'Format',
        rule: 'MP3 at 192 kbps or higher CBR, or WAV; 44.1 kHz',
        from: 'retailer',
        sure: false,
      },
      {
        topic: 'Split',
        rule: '"Chapters, credits and intros must be standalone files"',
        from: 'retailer',
        sure: true,
      },
      ...levelRules.map((rule) => ({ ...rule, sure: false })),
      { topic: 'Length', rule: 'At most 120 minutes per file', from: 'retailer', sure: false },
      {
        topic: 'Narration',
        rule: 'Digital narration declared; sent only to retailers that take it',
        from: 'retailer',
        sure: false,
      },
    ],
  },
  {
    id: 'apple-books',
    name: 'Apple Books (through an aggregator such as INaudio)',
    sourceUrl: 'https://authors.apple.com/support/4519-audiobooks',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 192 },
    acceptedFormats: ['mp3', 'wav'],
    sampleRate: 44100,
    acceptedSampleRates: [44100],
    channels: 1,
    sameChannelsEverywhere: true,
    minBitrateKbps: 192,
    constantBitrate: true,
    ...ACX_LEVELS,
    split: AUDIOBOOK_SPLIT,
    fileNameTemplate: '{n} {title}',
    retailSample: RETAIL_SAMPLE,
    credits: AUDIOBOOK_CREDITS,
    aiNarration: {
      policy: 'disclose',
      statement:
        'Apple Books takes audiobooks only through approved aggregators, and lists digitally narrated books as ' +
        'such: declare the narration as digital to your aggregator; some aggregators refuse it.',
    },
    rules: [
      {
        topic: 'Delivery',
        rule: 'Only through an approved aggregator, whose file rules apply (here INaudio’s)',
        from: 'retailer',
        sure: true,
      },
      {
        topic: 'Format',
        rule: 'The aggregator’s: MP3 at 192 kbps CBR, 44.1 kHz',
        from: 'retailer',
        sure: false,
      },
      ...levelRules.map((rule) => ({ ...rule, sure: false })),
      {
        topic: 'Narration',
        rule: 'Digitally narrated books are labelled as such',
        from: 'retailer',
        sure: false,
      },
    ],
  },
  {
    id: 'spotify',
    name: 'Spotify (through Spotify for Authors or an aggregator)',
    sourceUrl: 'https://support.spotify.com/us/authors/article/audiobook-file-requirements/',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 192 },
    acceptedFormats: ['mp3', 'wav'],
    sampleRate: 44100,
    acceptedSampleRates: [44100],
    channels: 1,
    sameChannelsEverywhere: true,
    minBitrateKbps: 192,
    constantBitrate: true,
    ...ACX_LEVELS,
    split: AUDIOBOOK_SPLIT,
    fileNameTemplate: '{n} {title}',
    retailSample: RETAIL_SAMPLE,
    credits: AUDIOBOOK_CREDITS,
    aiNarration: {
      policy: 'disclose',
      statement:
        'Spotify takes digitally narrated audiobooks when they are declared as such; declare the narration as ' +
        'digital when you upload it.',
    },
    rules: [
      {
        topic: 'Delivery',
        rule: 'Through Spotify for Authors (INaudio) or another aggregator, whose file rules apply',
        from: 'retailer',
        sure: false,
      },
      { topic: 'Format', rule: 'MP3 at 192 kbps CBR, 44.1 kHz', from: 'retailer', sure: false },
      ...levelRules.map((rule) => ({ ...rule, sure: false })),
      { topic: 'Narration', rule: 'Digital narration taken when declared', from: 'retailer', sure: false },
    ],
  },
  {
    id: 'podcast',
    name: 'Podcast (Apple Podcasts’ recommendations)',
    sourceUrl: 'https://podcasters.apple.com/support/893-audio-requirements',
    readOn: KNOWLEDGE_DATE,
    audio: { format: 'mp3', bitrateKbps: 128 },
    acceptedFormats: ['mp3', 'm4a'],
    sampleRate: 44100,
    acceptedSampleRates: [44100, 48000],
    channels: 1,
    sameChannelsEverywhere: false,
    minBitrateKbps: 128,
    constantBitrate: false,
    loudness: { kind: 'lufs', integratedLufs: -16, truePeakDb: -1 },
    integratedLufs: { min: -17, max: -15 },
    maxPeakDb: -1,
    split: { chapterFiles: false, creditsOwnFiles: false },
    fileNameTemplate: '{title}',
    credits: { required: false, aiNarrationLine: false },
    aiNarration: {
      policy: 'allowed',
      statement:
        'Podcast directories take synthetic voices; say in the show notes that the voices are synthetic.',
    },
    rules: [
      { topic: 'Format', rule: 'MP3 (128 kbps or higher) or AAC (M4A)', from: 'retailer', sure: true },
      {
        topic: 'Loudness',
        rule: '−16 LUFS ±1 dB, true peak no higher than −1 dBFS',
        from: 'retailer',
        sure: true,
      },
      { topic: 'Split', rule: 'One file per episode', from: 'timbre', sure: true },
    ],
  },
];

/**
 * Every profile. The types hold their shape; the schema's finer rules (a URL, whole positive rates, at least one
 * rule) are checked by retail-profiles.test.ts, so a typo in a figure fails the tests. Parsing them here instead
 * cost ~10 ms of every start of main and of the page (zod compiles each schema on its first parse).
 */
export const RETAIL_PROFILES: readonly RetailProfile[] = profiles;

export function retailProfile(id: RetailProfileId): RetailProfile {
  const profile = RETAIL_PROFILES.find((candidate) => candidate.id === id);
  if (!profile) throw new Error(`No retail profile "${id}"`);
  return profile;
}
