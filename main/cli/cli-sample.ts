import type { RetailProfileId } from '../../common/export/retail-profile-schema.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import type { RetailSampleRequest } from '../../common/export/retail-sample.js';
import { parseTimecode } from '../../common/project/timecode.js';
import type { ProjectExportSettings } from '../../common/export/project-export-settings.js';
import { UsageError } from './cli-args.js';

/** The flags of a retailer delivery: the profile, and where its retail sample is cut. */
export const DELIVERY_OPTIONS = {
  profile: { type: 'string' },
  'sample-start': { type: 'string' },
  'sample-length': { type: 'string' },
} as const;

/**
 * `timbre export --profile acx --sample-start 12|4:30 --sample-length 180`: the retail sample from block 12's first
 * sentence (a whole number is a block number, as the editor numbers blocks) or from the first sentence at or after
 * 4:30, lasting about 180 s of whole sentences. Without them the studio proposes one. Throws a UsageError naming the
 * flag and the rule when they cannot be used as given.
 */
export function withSampleRequest(
  settings: ProjectExportSettings,
  values: { readonly 'sample-start'?: string | undefined; readonly 'sample-length'?: string | undefined },
  profileId: RetailProfileId | undefined,
): ProjectExportSettings {
  const startText = values['sample-start'];
  const lengthText = values['sample-length'];
  if (startText === undefined && lengthText === undefined) return settings;
  if (profileId === undefined)
    throw new UsageError(
      '--sample-start and --sample-length place a retailer delivery’s sample: add --profile acx|google-play|inaudio|apple-books|spotify',
    );
  const profile = retailProfile(profileId);
  const bounds = profile.retailSample;
  if (bounds === undefined)
    throw new UsageError(
      `--sample-start/--sample-length: the ${profile.name} profile has no retail sample; leave them out`,
    );
  const request: RetailSampleRequest = {};
  if (startText !== undefined) request.start = sampleStart(startText);
  if (lengthText !== undefined) {
    const seconds = Number(lengthText.trim());
    if (lengthText.trim() === '' || !(seconds >= bounds.minSeconds && seconds <= bounds.maxSeconds))
      throw new UsageError(
        `--sample-length must be seconds from ${bounds.minSeconds} to ${bounds.maxSeconds} for ${profile.name} (got "${lengthText}")`,
      );
    request.lengthSeconds = seconds;
  }
  return { ...settings, retailSample: request };
}

function sampleStart(text: string): NonNullable<RetailSampleRequest['start']> {
  const trimmed = text.trim();
  if (/^\d+$/u.test(trimmed)) {
    if (Number(trimmed) >= 1) return { blockNumber: Number(trimmed) };
    throw new UsageError('--sample-start must be a block number from 1, or a time such as 4:30');
  }
  const time = parseTimecode(trimmed);
  if (time.ok) return { atMs: time.ms };
  throw new UsageError(
    `--sample-start must be a block number (12) or a time (4:30, 1:02:03): ${time.problem}`,
  );
}
