import type { ProjectExportSettings } from '../../common/export/project-export-settings.js';
import type { RetailProfileId } from '../../common/export/retail-profile-schema.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import { sampleRequestFromText } from '../../common/export/retail-sample-request.js';
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
  if (profile.retailSample === undefined)
    throw new UsageError(
      `--sample-start/--sample-length: the ${profile.name} profile has no retail sample; leave them out`,
    );
  if (startText?.trim() === '') throw new UsageError('--sample-start needs a block number or a time');
  if (lengthText?.trim() === '') throw new UsageError('--sample-length needs seconds');
  const parsed = sampleRequestFromText(startText ?? '', lengthText ?? '', profile.retailSample);
  if (!parsed.ok) throw new UsageError(`--sample-${parsed.field} ${parsed.problem} for ${profile.name}`);
  return { ...settings, retailSample: parsed.request };
}
