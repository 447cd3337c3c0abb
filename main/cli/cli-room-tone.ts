import path from 'node:path';
import { withRoomToneClip } from '../../common/export/room-tone-clip.js';
import type { RetailProfileId } from '../../common/export/retail-profile-schema.js';
import { retailProfile } from '../../common/export/retail-profiles.js';
import type { ExportCommand } from './cli-args.js';

/**
 * `timbre export --room-tone FILE`: the user's room-tone clip looped under pauses, heads and tails in place of the
 * generated bed (with or without --profile; applied before the profile, which holds it to its noise floor). The
 * file is read and checked when the export runs, which names it if it is missing or unfit. Answers the command, or
 * why the flag cannot be used with the profile given.
 */
export function withRoomToneFlag(
  command: ExportCommand,
  clip: string | undefined,
  profileId: RetailProfileId | undefined,
): ExportCommand | string {
  if (clip === undefined) return command;
  if (clip.trim() === '') return '--room-tone needs a FILE (a WAV, MP3 or FLAC recording of the room)';
  const profile = profileId === undefined ? undefined : retailProfile(profileId);
  if (profile && !profile.roomTone) {
    return `--room-tone: the ${profile.name} profile lays no room tone; leave out --room-tone or --profile`;
  }
  return { ...command, settings: withRoomToneClip(command.settings, path.resolve(clip)) };
}
