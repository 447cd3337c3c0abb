import { updateFeedUrlProblem } from '../../../common/updates/update-state.js';

/**
 * Where updates come from: the feed electron-builder wrote into the installed app (`publish:` in
 * electron-builder.yml, GitHub Releases by default: `feedUrl` undefined), an organisation's own generic HTTPS
 * feed, or none, with the reason Settings shows.
 */
type UpdateFeedChoice =
  | { kind: 'feed'; feedUrl: string | undefined; forceDevUpdateConfig: boolean }
  | { kind: 'none'; reason: string };

interface UpdateFeedInput {
  /** A packaged (installed) app carries its feed's app-update.yml; a development build has none. */
  packaged: boolean;
  /** TIMBRE_UPDATE_FEED_URL, for an organisation's deployment (and the tests' local feed). */
  envFeedUrl?: string | undefined;
  /** Settings' `updates.feedUrl`, likewise (the environment variable wins). */
  settingsFeedUrl?: string | undefined;
}

export function chooseUpdateFeed({
  packaged,
  envFeedUrl,
  settingsFeedUrl,
}: UpdateFeedInput): UpdateFeedChoice {
  const named = envFeedUrl?.trim() ? { url: envFeedUrl.trim(), source: 'TIMBRE_UPDATE_FEED_URL' } : undefined;
  const override =
    named ??
    (settingsFeedUrl?.trim()
      ? { url: settingsFeedUrl.trim(), source: 'updates.feedUrl in settings.json' }
      : undefined);
  if (override) {
    const problem = updateFeedUrlProblem(override.url);
    if (problem)
      return {
        kind: 'none',
        reason: `The update feed ${override.source} ${problem}; updates are off until it is corrected.`,
      };
    // A development build runs electron-updater only when told to (it checks app.isPackaged otherwise).
    return { kind: 'feed', feedUrl: override.url, forceDevUpdateConfig: !packaged };
  }
  if (!packaged) {
    return {
      kind: 'none',
      reason:
        'This is a development build: it has no update feed (installed copies update from their releases).',
    };
  }
  return { kind: 'feed', feedUrl: undefined, forceDevUpdateConfig: false };
}
