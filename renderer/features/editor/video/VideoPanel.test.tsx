import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceVideo } from '../../../../common/project/timing-schema.js';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../../common/project/timing-schema.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import type { LocatedVideo, VideoStatus } from '../../../../common/ipc/video-methods.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { VideoPanel } from './VideoPanel.js';
import { AddVideoButton } from './AddVideoButton.js';

const recorded: ReferenceVideo = {
  path: '/videos/Launch spot.mp4',
  durationMs: 30_000,
  width: 1920,
  height: 1080,
  frameRate: 25,
  originalAudio: { ...DEFAULT_ORIGINAL_AUDIO, volumeDb: -3 },
};

const ok = (input: unknown) => ({ ok: true as const, result: input });

function openWithVideo(status: VideoStatus, more: ConstructorParameters<typeof FakeBridge>[0] = {}) {
  const bridge = new FakeBridge({ 'video.status': () => ok(status), ...more });
  const stores = storesFor(bridge);
  stores.document
    .getState()
    .open({ fileName: 'spot.timbre', project: { ...sampleProject(), video: recorded } });
  renderWithStores(<VideoPanel />, stores);
  return { bridge, stores };
}

const project = (stores: AppStores) => stores.document.getState().doc!.project;

afterEach(cleanup);

describe('VideoPanel', () => {
  it('plays a video main can serve, from its URL, with the playhead as HH:MM:SS:FF', async () => {
    const { stores } = openWithVideo({ status: 'ok', path: recorded.path, url: '/media/video/abc' });
    const video = await screen.findByTestId('video-panel-video');
    expect(video.getAttribute('src')).toBe('/media/video/abc');
    expect(screen.getByTestId('video-panel-name').textContent).toBe('Launch spot.mp4');
    act(() => stores.timelineView.getState().setPlayhead(61_080));
    expect(screen.getByTestId('video-timecode').textContent).toBe('00:01:01:02 / 00:00:30:00');
  });

  it('asks main again when the shown file fails to play, and then asks for it', async () => {
    let status: VideoStatus = { status: 'ok', path: recorded.path, url: '/media/video/abc' };
    const bridge = new FakeBridge({ 'video.status': () => ok(status) });
    const stores = storesFor(bridge);
    stores.document
      .getState()
      .open({ fileName: 'spot.timbre', project: { ...sampleProject(), video: recorded } });
    renderWithStores(<VideoPanel />, stores);
    const video = await screen.findByTestId('video-panel-video');
    status = { status: 'missing', path: recorded.path, message: 'gone' };
    fireEvent.error(video);
    expect(await screen.findByTestId('video-missing')).toBeTruthy();
    expect(bridge.calls.filter((call) => call.method === 'video.status')).toHaveLength(2);
  });

  it('asks for a moved file again, and locating it replaces only the path (one undo step)', async () => {
    const before = project;
    const located: LocatedVideo = {
      video: { ...recorded, path: '/moved/Launch spot.mp4' },
      container: 'mp4',
      videoCodec: 'H.264',
      audioCodec: 'AAC',
      sizeBytes: 1_000,
      soundNote: null,
      url: '/media/video/def',
      durationNote: null,
    };
    const { stores, bridge } = openWithVideo(
      { status: 'missing', path: recorded.path, message: 'gone' },
      {
        'app.info': () =>
          ok({
            name: 'Timbre',
            version: '1',
            shell: 'electron',
            platform: 'linux',
            dataDir: '/d',
            canReveal: true,
          }),
        'video.choose': () => ok({ path: '/moved/Launch spot.mp4' }),
        'video.locate': () => ok(located),
      },
    );
    const message = await screen.findByTestId('video-missing-message');
    expect(message.textContent).toBe(
      'The video “Launch spot.mp4” is not where it was (/videos/Launch spot.mp4).',
    );
    const tracksBefore = before(stores).tracks;
    fireEvent.click(screen.getByTestId('video-locate'));
    expect(await screen.findByTestId('video-panel-video')).toBeTruthy();
    expect(project(stores).video).toEqual({ ...recorded, path: '/moved/Launch spot.mp4' });
    expect(project(stores).tracks).toBe(tracksBefore);
    expect(bridge.calls.find((call) => call.method === 'video.locate')?.input).toEqual({
      path: '/moved/Launch spot.mp4',
      previous: recorded,
    });
    act(() => stores.document.getState().undo());
    expect(project(stores).video).toEqual(recorded);
  });

  it('keeps the project editable when the video cannot be played: only the panel says so', async () => {
    const { stores } = openWithVideo({ status: 'not-granted', path: recorded.path, message: 'not chosen' });
    await screen.findByTestId('video-missing');
    expect(screen.queryByTestId('video-panel-video')).toBeNull();
    expect(screen.getByTestId('original-audio')).toBeTruthy();
    fireEvent.click(screen.getByTestId('original-audio-mute'));
    expect(project(stores).video?.originalAudio?.muted).toBe(true);
  });

  it('changes the original sound as undoable edits, within its rules', async () => {
    const { stores } = openWithVideo({ status: 'ok', path: recorded.path, url: '/media/video/abc' });
    await screen.findByTestId('video-panel-video');
    fireEvent.change(screen.getByTestId('original-audio-duck'), { target: { value: '-80' } });
    expect(project(stores).video?.originalAudio?.duckDb).toBe(-60);
    fireEvent.change(screen.getByTestId('original-audio-volume'), { target: { value: '-6' } });
    expect(project(stores).video?.originalAudio).toEqual({ volumeDb: -6, muted: false, duckDb: -60 });
    expect(screen.getByTestId('original-audio-summary').textContent).toBe('−6 dB · ducks −60 dB');
    act(() => stores.document.getState().undo());
    expect(project(stores).video?.originalAudio?.volumeDb).toBe(-3);
  });

  it('removes the video as one undoable edit, leaving the rest of the project', async () => {
    const { stores } = openWithVideo({ status: 'ok', path: recorded.path, url: '/media/video/abc' });
    await screen.findByTestId('video-panel-video');
    fireEvent.click(screen.getByTestId('video-remove'));
    await waitFor(() => expect(screen.queryByTestId('video-panel')).toBeNull());
    expect(project(stores).video).toBeUndefined();
    act(() => stores.document.getState().undo());
    expect(project(stores).video).toEqual(recorded);
  });

  it('adds a video from the toolbar: the OS dialog, main’s probe, one undoable edit', async () => {
    const facts = {
      video: recorded,
      container: 'mp4',
      videoCodec: 'H.264',
      audioCodec: 'AAC',
      sizeBytes: 1_000,
      soundNote: null,
      url: '/media/video/new',
    };
    const bridge = new FakeBridge({
      'app.info': () =>
        ok({
          name: 'Timbre',
          version: '1',
          shell: 'electron',
          platform: 'linux',
          dataDir: '/d',
          canReveal: true,
        }),
      'video.choose': () => ok({ path: recorded.path }),
      'video.probe': () => ok(facts),
    });
    const stores = storesFor(bridge);
    stores.document.getState().open({ fileName: 'spot.timbre', project: sampleProject() });
    renderWithStores(
      <>
        <AddVideoButton />
        <VideoPanel />
      </>,
      stores,
    );
    expect(screen.queryByTestId('video-panel')).toBeNull();
    fireEvent.click(screen.getByTestId('video-add'));
    expect((await screen.findByTestId('video-panel-video')).getAttribute('src')).toBe('/media/video/new');
    expect(project(stores).video).toEqual(recorded);
    expect(screen.queryByTestId('video-add')).toBeNull();
    expect(bridge.calls.some((call) => call.method === 'video.status')).toBe(false);
    act(() => stores.document.getState().undo());
    expect(project(stores).video).toBeUndefined();
  });

  it('opens main’s chooser window in the browser shell (no OS dialog), at home for a first video', async () => {
    const bridge = new FakeBridge({
      'app.info': () =>
        ok({
          name: 'Timbre',
          version: '1',
          shell: 'browser',
          platform: 'linux',
          dataDir: '/d',
          canReveal: false,
        }),
      'files.openChooser': () => new Promise(() => undefined),
    });
    const stores = storesFor(bridge);
    stores.document.getState().open({ fileName: 'spot.timbre', project: sampleProject() });
    renderWithStores(
      <>
        <AddVideoButton />
        <VideoPanel />
      </>,
      stores,
    );
    fireEvent.click(screen.getByTestId('video-add'));
    expect(await screen.findByTestId('file-chooser')).toBeTruthy();
    // No start given: main starts in the user's home folder, not at the file system's top (the trial's `/`). The
    // chooser shows before its request goes: on a loaded machine the request may come a moment later.
    await waitFor(() =>
      expect(bridge.calls.find((call) => call.method === 'files.openChooser')?.input).toEqual({
        kind: 'open-video',
      }),
    );
  });
});
