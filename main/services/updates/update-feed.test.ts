import { describe, expect, it } from 'vitest';
import { chooseUpdateFeed } from './update-feed.js';
import { installFailureNotice, updateFailureReason } from './update-failure.js';

describe('chooseUpdateFeed', () => {
  it('uses the installed app’s own feed (GitHub Releases) when nothing overrides it', () => {
    expect(chooseUpdateFeed({ packaged: true })).toEqual({
      kind: 'feed',
      feedUrl: undefined,
      forceDevUpdateConfig: false,
    });
  });

  it('has no feed in a development build, saying why', () => {
    expect(chooseUpdateFeed({ packaged: false })).toMatchObject({
      kind: 'none',
      reason: expect.stringMatching(/development build/),
    });
  });

  it('takes an organisation’s https feed, the environment before settings, forced on in a development build', () => {
    expect(
      chooseUpdateFeed({
        packaged: false,
        envFeedUrl: 'https://updates.example.org/timbre/',
        settingsFeedUrl: 'https://other.example.org/',
      }),
    ).toEqual({ kind: 'feed', feedUrl: 'https://updates.example.org/timbre/', forceDevUpdateConfig: true });
    expect(chooseUpdateFeed({ packaged: true, settingsFeedUrl: 'https://other.example.org/' })).toEqual({
      kind: 'feed',
      feedUrl: 'https://other.example.org/',
      forceDevUpdateConfig: false,
    });
  });

  it('refuses a plain-http, credentialed or malformed feed, naming where it came from and the rule', () => {
    expect(chooseUpdateFeed({ packaged: true, envFeedUrl: 'http://updates.example.org/' })).toEqual({
      kind: 'none',
      reason:
        'The update feed TIMBRE_UPDATE_FEED_URL must use https:// (got "http:"; http:// only for 127.0.0.1 or localhost); updates are off until it is corrected.',
    });
    expect(
      chooseUpdateFeed({ packaged: true, settingsFeedUrl: 'https://user:secret@updates.example.org/' }),
    ).toMatchObject({
      kind: 'none',
      reason: expect.stringMatching(/updates.feedUrl in settings.json must not contain a user name/),
    });
    expect(chooseUpdateFeed({ packaged: true, envFeedUrl: 'updates' })).toMatchObject({
      kind: 'none',
      reason: expect.stringMatching(/must be an absolute https:\/\/ URL/),
    });
    // A feed served on this computer (tests, a local mirror) may be plain http.
    expect(chooseUpdateFeed({ packaged: true, envFeedUrl: 'http://127.0.0.1:8080/' })).toMatchObject({
      kind: 'feed',
    });
  });
});

describe('updateFailureReason', () => {
  it('says in plain words what failed and that the installed version is unchanged', () => {
    const signature = Object.assign(
      new Error('New version 1.1.0 is not signed by the application owner: x'),
      {
        code: 'ERR_UPDATER_INVALID_SIGNATURE',
      },
    );
    expect(updateFailureReason(signature)).toMatch(/not signed by Timbre Studio's publisher.*unchanged/);
    const missing = Object.assign(new Error('404 Not Found'), { code: 'HTTP_ERROR_404' });
    expect(updateFailureReason(missing)).toMatch(/no release for this system/);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(updateFailureReason(refused)).toMatch(/lost or refused.*tried again at the next check/);
    expect(updateFailureReason(new Error('odd\nstack'))).toBe(
      'The update could not be checked or downloaded: odd. The installed version is unchanged.',
    );
  });

  it('claims nothing about the installed copy when the install failed; the notice says what is on disk', () => {
    const reason = updateFailureReason(
      new Error('ENOENT: no such file, unlink /apps/Timbre.AppImage'),
      'install',
    );
    expect(reason).toBe(
      'The update could not be installed: ENOENT: no such file, unlink /apps/Timbre.AppImage.',
    );
    expect(installFailureNotice(reason, { path: '/apps/Timbre.AppImage', exists: true })).toEqual({
      detail: `${reason}\n\nThe installed copy (/apps/Timbre.AppImage) is still in place: Timbre Studio starts again with the version you had.`,
      startsAgain: true,
    });
    const gone = installFailureNotice(reason, { path: '/apps/Timbre.AppImage', exists: false });
    expect(gone.startsAgain).toBe(false);
    expect(gone.detail).toMatch(
      /\(\/apps\/Timbre\.AppImage\) is no longer there, so Timbre Studio cannot start again by itself\. Download Timbre Studio and install it again/,
    );
  });
});
