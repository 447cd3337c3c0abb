import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../../common/project/timing-schema.js';
import type { ReferenceVideo } from '../../../../common/project/timing-schema.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { VideoTimelineLabels, VideoTimelineRows } from './VideoTimelineRows.js';

afterEach(cleanup);

/** A line every 4 s for 2 hours: 1,800 lines. */
const speech = Array.from(
  { length: 1_800 },
  (_, index) =>
    ({ blockId: `l${index}`, startMs: index * 4_000, endMs: index * 4_000 + 2_000 }) as PlacedItem,
);

function show(video: ReferenceVideo, viewport = { left: 40_000, width: 1_000 }) {
  const stores = storesFor(new FakeBridge({}));
  stores.document.getState().open({ fileName: 'dub.timbre', project: { ...sampleProject(), video } });
  stores.timelineView.getState().setZoom(40);
  renderWithStores(
    <>
      <div data-testid="labels">
        <VideoTimelineLabels />
      </div>
      <VideoTimelineRows viewport={viewport} speech={speech} />
    </>,
    stores,
  );
}

const twoHours: ReferenceVideo = {
  path: '/v/dub.mp4',
  durationMs: 7_200_000,
  width: 1280,
  height: 720,
  frameRate: 25,
  originalAudio: DEFAULT_ORIGINAL_AUDIO,
};

describe('VideoTimelineRows', () => {
  it('lays thumbnails out for the view only, waiting for them to be made', () => {
    show(twoHours);
    const strip = screen.getByTestId('thumbnail-strip');
    // 3,000 px around a 1,000 px view, in 64 px tiles (16:9 at 36 px high).
    expect(Number(strip.dataset.tiles)).toBe(48);
    expect(strip.querySelectorAll('.video-thumbnail-pending')).toHaveLength(48);
  });

  it('marks where the original sound ducks under speech near the view, not along the whole video', () => {
    show(twoHours);
    // 39,000–42,000 px at 40 px/s is 975–1,050 s: the lines starting from 976 s to 1,048 s.
    expect(screen.getAllByTestId('original-audio-duck-bar')).toHaveLength(19);
    // The video panel's duck number box owns 'original-audio-duck': the bars never take its id.
    expect(screen.queryAllByTestId('original-audio-duck')).toHaveLength(0);
    expect(screen.getByTestId('labels').textContent).toBe('PictureOriginal');
  });

  it('draws no ducking for a muted sound, and no Original row for a video without sound', () => {
    show({ ...twoHours, originalAudio: { ...DEFAULT_ORIGINAL_AUDIO, muted: true } });
    expect(screen.queryAllByTestId('original-audio-duck-bar')).toHaveLength(0);
    cleanup();
    const { originalAudio: _none, ...silent } = twoHours;
    show(silent);
    expect(screen.queryByTestId('original-audio-row')).toBeNull();
    expect(screen.getByTestId('labels').textContent).toBe('Picture');
  });
});
