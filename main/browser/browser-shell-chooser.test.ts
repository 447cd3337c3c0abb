import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultProjectExportSettings } from '../../common/export/index.js';
import { createProject } from '../../common/project/index.js';
import type { Connection } from './test-support/browser-shell-world.js';
import { connect, useBrowserShell } from './test-support/browser-shell-world.js';

/** The browser shell's file chooser: a place is granted only when the user picks it in the chooser page. */
describe('browser shell', () => {
  const world = useBrowserShell();

  describe('file chooser', () => {
    const project = createProject({ title: 'Show' });
    let page: Connection;
    let places: string;

    beforeAll(async () => {
      page = await connect(`${world.wsUrl}?secret=${world.secret}`, { Origin: world.shell.origin });
      places = await mkdtemp(path.join(tmpdir(), 'timbre-chooser-'));
    });

    afterAll(async () => {
      page.socket.close();
      await rm(places, { recursive: true, force: true });
    });

    /** What export.start says of a destination: refused (not chosen) or on to the project (chosen). */
    async function exportTo(outputPath: string): Promise<'refused' | 'allowed'> {
      const answer = (await page.call('export.start', {
        project,
        settings: defaultProjectExportSettings,
        outputPath,
      })) as { ok: boolean; error?: { field?: string } };
      if (!answer.ok && answer.error?.field === 'outputPath') return 'refused';
      expect(answer).toMatchObject({ ok: true, result: { ok: false, reason: 'empty' } });
      return 'allowed';
    }

    async function openChoice(kind: 'save-file' | 'folder', initialPath: string): Promise<string> {
      const opened = (await page.call('files.openChooser', { kind, initialPath })) as {
        ok: true;
        result: { choiceId: string; url: string };
      };
      expect(opened.ok).toBe(true);
      // Another origin than the page's: the same-origin policy keeps the page out of the chooser window.
      const url = new URL(opened.result.url);
      expect(url.origin).toBe(world.shell.chooserOrigin);
      expect(url.origin).not.toBe(world.shell.origin);
      return opened.result.choiceId;
    }

    /** A call to the chooser's API as a browser would send it from `from` (the chooser page, or another page). */
    function chooserCall(
      pathAndQuery: string,
      options: { method?: 'GET' | 'POST'; from?: string; choiceId?: string; body?: unknown; site?: string },
    ): Promise<Response> {
      const headers: Record<string, string> = { 'sec-fetch-site': options.site ?? 'same-origin' };
      if (options.from !== undefined) headers.origin = options.from;
      if (options.choiceId !== undefined) headers['x-timbre-choice'] = options.choiceId;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      return fetch(`${world.shell.chooserOrigin}${pathAndQuery}`, {
        method: options.method ?? 'GET',
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    }

    it('grants nothing for a path the page names: the old files.choose and files.browse are gone', async () => {
      const victim = path.join(places, 'Show.wav');
      expect(await page.call('files.choose', { path: victim, kind: 'save-file' })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
      expect(await page.call('files.browse', { folder: '/' })).toMatchObject({
        ok: false,
        error: { code: 'UNKNOWN_METHOD' },
      });
      expect(await exportTo(victim)).toBe('refused');
      // Opening a choice with that path as its starting point grants nothing either.
      const choiceId = await openChoice('save-file', victim);
      expect(await exportTo(victim)).toBe('refused');
      await page.call('files.closeChooser', { choiceId });
    });

    it('answers the chooser API only to the chooser page: the app page can neither list nor pick', async () => {
      const victim = path.join(places, 'Victim.wav');
      const choiceId = await openChoice('save-file', victim);
      // The app page's own requests carry its Origin (or a cross-site Sec-Fetch-Site) and are refused.
      for (const attempt of [
        chooserCall('/api/pick', {
          method: 'POST',
          from: world.shell.origin,
          choiceId,
          body: { path: victim },
        }),
        chooserCall('/api/pick', {
          method: 'POST',
          from: world.shell.origin,
          body: { path: victim },
          site: 'same-site',
        }),
        chooserCall(`/api/browse?folder=${encodeURIComponent(places)}`, {
          from: world.shell.origin,
          choiceId,
        }),
        chooserCall('/api/browse?folder=/', { choiceId, site: 'same-site' }),
        chooserCall(`/api/cancel?choice=${choiceId}`, { method: 'POST', from: world.shell.origin }),
        chooserCall('/api/pick', { method: 'OPTIONS' as 'GET', from: world.shell.origin }),
      ]) {
        const response = await attempt;
        expect(response.status).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
      // Without the choice's id (no header: what a form or beacon from elsewhere could send) there is no choice.
      const noId = await chooserCall('/api/pick', {
        method: 'POST',
        from: world.shell.chooserOrigin,
        body: { path: victim },
      });
      expect(noId.status).toBe(404);
      expect((await chooserCall('/api/browse?folder=/', {})).status).toBe(404);
      // A foreign Host (DNS rebinding) reaches nothing.
      const { request } = await import('node:http');
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          `${world.shell.chooserOrigin}/choose`,
          { headers: { Host: 'evil.example' } },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(421);
      expect(await exportTo(victim)).toBe('refused');
      await page.call('files.closeChooser', { choiceId });
    });

    it('grants the place the user picks in the chooser page, once, and nothing beside it', async () => {
      const suggested = path.join(places, 'Show.wav');
      const picked = path.join(places, 'picked', 'Episode.wav');
      const choiceId = await openChoice('save-file', suggested);
      const chooserPage = await chooserCall('/choose', {});
      expect(chooserPage.status).toBe(200);
      expect(chooserPage.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(chooserPage.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(await (await chooserCall('/api/choice', { choiceId })).json()).toEqual({
        kind: 'save-file',
        initialPath: suggested,
        home: homedir(),
      });
      const listing = await chooserCall(`/api/browse?folder=${encodeURIComponent(places)}`, { choiceId });
      expect(listing.status).toBe(200);
      expect(await listing.json()).toMatchObject({ folder: places });

      const answer = page.call('files.chooserAnswer', { choiceId });
      const pick = await chooserCall('/api/pick', {
        method: 'POST',
        from: world.shell.chooserOrigin,
        choiceId,
        body: { path: picked },
      });
      expect(pick.status).toBe(204);
      expect(await answer).toEqual({ ok: true, result: { path: picked } });
      expect(await exportTo(picked)).toBe('allowed');
      expect(await exportTo(suggested)).toBe('refused');
      expect(await exportTo(path.join(places, 'picked', 'Other.wav'))).toBe('refused');
      // The id is spent: a second pick with it grants nothing.
      const again = await chooserCall('/api/pick', {
        method: 'POST',
        from: world.shell.chooserOrigin,
        choiceId,
        body: { path: suggested },
      });
      expect(again.status).toBe(404);
      expect(await exportTo(suggested)).toBe('refused');
    });

    it('grants nothing when the user cancels or closes the chooser window', async () => {
      const target = path.join(places, 'Cancelled.wav');
      const choiceId = await openChoice('save-file', target);
      const answer = page.call('files.chooserAnswer', { choiceId });
      // What the closing window sends (navigator.sendBeacon: no header, the id in the query).
      const cancel = await chooserCall(`/api/cancel?choice=${choiceId}`, {
        method: 'POST',
        from: world.shell.chooserOrigin,
      });
      expect(cancel.status).toBe(204);
      expect(await answer).toEqual({ ok: true, result: { path: null } });
      expect(await exportTo(target)).toBe('refused');
      const late = await chooserCall('/api/pick', {
        method: 'POST',
        from: world.shell.chooserOrigin,
        choiceId,
        body: { path: target },
      });
      expect(late.status).toBe(404);
      expect(await exportTo(target)).toBe('refused');
    });

    it('grants everything under "/" when the user picks the root folder', async () => {
      const inside = path.join(places, 'deep', 'Show.wav');
      expect(await exportTo(inside)).toBe('refused');
      const choiceId = await openChoice('folder', '/');
      const answer = page.call('files.chooserAnswer', { choiceId });
      await chooserCall('/api/pick', {
        method: 'POST',
        from: world.shell.chooserOrigin,
        choiceId,
        body: { path: '/' },
      });
      expect(await answer).toEqual({ ok: true, result: { path: '/' } });
      expect(await exportTo(inside)).toBe('allowed');
    });
  });
});
