import { cleanup, screen, waitFor } from '@testing-library/react';
import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTextBlock } from '../../../../common/project/block-factory.js';
import { addSpeaker } from '../../../../common/project/cast-edits.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { contextOf, sampleProject, withOneTake } from '../../../../common/project/test-support.js';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../../common/project/timing-schema.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { styleSheetText } from '../../../test-support/style-sheet.js';
import { Timeline } from './Timeline.js';
import { layoutChromium } from '../../../test-support/chromium.js';

/**
 * The timeline laid out by Chromium with the app's style sheets, in both window sizes the app is made for: each
 * label of the label column (the ruler, every speech lane, effects, music, the picture and the original sound)
 * sits level with its own row, so a lane's name never stands beside another lane or track.
 */

// The app's style sheets, read from disk (the renderer's tests load CSS as empty modules).
const styleSheets = ['../../../styles.css', '../editor.css'].map((relative) =>
  decodeURIComponent(new URL(relative, import.meta.url).pathname),
);

/**
 * Narration flows in lane 0; Anna's two timed lines are in lane 2 (shown as the second row), the first overrunning
 * its cue by half a second; a reference video.
 */
function dubWithVideo(): Project {
  const sample = sampleProject();
  const { project } = addSpeaker(sample, { name: 'Anna' }, () => 'anna');
  const context = contextOf(project);
  const anna = (id: string, startMs: number): TextBlock =>
    withOneTake(
      {
        ...createTextBlock({ id, text: `Line ${id}.`, speakerId: 'anna' }),
        timing: { startMs, cueEndMs: startMs + 500, lane: 2, fit: 'fixed' },
      },
      context,
      1000,
    );
  const blocks = [
    withOneTake(createTextBlock({ id: 'n1', text: 'Once.' }), context, 1000),
    anna('a1', 2000),
    anna('a2', 4000),
  ];
  return {
    ...project,
    tracks: { ...project.tracks, speech: { blocks } },
    video: {
      path: '/videos/dub.mp4',
      durationMs: 20_000,
      width: 1920,
      height: 1080,
      frameRate: 25,
      originalAudio: DEFAULT_ORIGINAL_AUDIO,
    },
  };
}

interface Band {
  top: number;
  height: number;
}

describe('Timeline layout', () => {
  afterEach(cleanup);

  it('keeps every label level with its row, and slot marks in their lane, in a 1440×900 and a 1024×700 window', async () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'dub.timbre', project: dubWithVideo() });
    renderWithStores(<Timeline />, stores);
    await waitFor(() => expect(screen.getAllByTestId('speech-lane')).toHaveLength(2));
    const markup = document.body.innerHTML;

    const browser = await chromium.launch(layoutChromium());
    try {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1024, height: 700 },
      ]) {
        const page = await browser.newPage({ viewport });
        await page.setContent(`<!doctype html><main>${markup}</main>`);
        for (const sheet of styleSheets) await page.addStyleTag({ content: styleSheetText(sheet) });
        const { labels, rows, marks, marksOutside } = await page.evaluate(() => {
          const band = (element: Element): Band => {
            const rect = element.getBoundingClientRect();
            return { top: Math.round(rect.top), height: Math.round(rect.height) };
          };
          const content = document.querySelector('[data-testid="timeline"] .timeline-content')!;
          const rowElements = [
            content.querySelector('[data-testid="timeline-ruler"]')!,
            ...content.querySelectorAll('[data-testid="speech-lane"]'),
            content.querySelector('[data-testid="track-effects"]')!,
            content.querySelector('[data-testid="track-music"]')!,
            content.querySelector('[data-testid="thumbnail-strip"]')!,
            content.querySelector('[data-testid="original-audio-row"]')!,
          ];
          // A slot's bar and an overrun are drawn inside their lane, never over the next row.
          const marks = [...content.querySelectorAll('.timeline-slot, .timeline-overrun')];
          const marksOutside = marks
            .filter((mark) => {
              const lane = mark.closest('[data-testid="speech-lane"]')!.getBoundingClientRect();
              const rect = mark.getBoundingClientRect();
              return rect.top < lane.top || rect.bottom > lane.bottom;
            })
            .map((mark) => mark.className);
          return {
            labels: [...document.querySelectorAll('.timeline-labels > *')].map(band),
            rows: rowElements.map(band),
            marks: marks.map((mark) => mark.className).sort(),
            marksOutside,
          };
        });
        await page.close();
        expect(labels).toHaveLength(rows.length);
        expect(marks).toEqual(['timeline-overrun', 'timeline-overrun', 'timeline-slot', 'timeline-slot']);
        expect({ viewport, marksOutside }).toEqual({ viewport, marksOutside: [] });
        // Within a pixel: a row's top border is drawn inside the track, a lane's divider inside the lane.
        labels.forEach((label, index) => {
          const row = rows[index]!;
          expect({ viewport, index, top: Math.abs(label.top - row.top) <= 1 }).toEqual({
            viewport,
            index,
            top: true,
          });
          expect({ viewport, index, height: Math.abs(label.height - row.height) <= 1 }).toEqual({
            viewport,
            index,
            height: true,
          });
        });
      }
    } finally {
      await browser.close();
    }
  }, 60_000);
});
