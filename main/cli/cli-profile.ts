import { applyRetailProfile } from '../../common/export/apply-retail-profile.js';
import type { RetailProfileId } from '../../common/export/retail-profile-schema.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import type { ExportCommand } from './cli-args.js';

/** The flags a retailer profile sets itself: given with --profile, they would be silently overruled, so are refused. */
const FLAGS_A_PROFILE_SETS = [
  'format',
  'bitrate',
  'bit-depth',
  'rate',
  'channels',
  'loudness',
  'split',
  'chapter-name',
  'mode',
  'video',
] as const;

/** Why `--profile` cannot be used with the flags given, or null. */
export function profileFlagsProblem(
  id: RetailProfileId,
  values: Readonly<Record<string, unknown>>,
): string | null {
  const clash = FLAGS_A_PROFILE_SETS.filter((flag) => values[flag] !== undefined);
  if (clash.length === 0) return null;
  const flags = clash.map((flag) => `--${flag}`).join(', ');
  return `--profile ${id} sets the format, bit rate, rate, channels, loudness and file split itself: leave out ${flags}`;
}

/** Why `--check` cannot be used with the flags given, or null: it needs a profile, and it writes and sends nothing. */
export function checkFlagProblem(values: Readonly<Record<string, unknown>>): string | null {
  if (values.check === undefined) return null;
  if (values.profile === undefined)
    return '--check checks a retailer delivery: add --profile acx|google-play|inaudio|apple-books|spotify|podcast';
  const clash = (['generate', 'fit', 'overwrite'] as const).filter((flag) => values[flag] !== undefined);
  if (clash.length === 0) return null;
  return `--check only renders and measures, writing and sending nothing: leave out ${clash.map((flag) => `--${flag}`).join(', ')}`;
}

/**
 * `timbre export --profile ID`: the retailer's rules over the command's settings (format, rate, channels, loudness,
 * room tone, chapter files and names), and the export checks the written files against them with a report.
 */
export function withRetailProfile(command: ExportCommand, id: RetailProfileId): ExportCommand {
  const { settings, mode } = applyRetailProfile(command.settings, retailProfile(id));
  return { ...command, settings, mode };
}
