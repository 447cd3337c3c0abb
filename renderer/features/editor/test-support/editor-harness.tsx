import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { Mock } from 'vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import type { OpenedProject } from '../../../../common/project/library-views.js';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { sampleProject } from '../../../../common/project/test-support.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';

/*
 * The editor's journeys share one start: the sample project open over a bridge that records every save. The
 * bindings below are the current test's (ES modules export them live).
 */
export let stores: AppStores;
export let bridge: FakeBridge;
export let saved: { fileName: string; project: Project }[];
export let opened: OpenedProject;
export let onClose: Mock<() => void>;

/** Before each test of the calling file: the sample project, a bridge that saves, fresh stores. */
export function openSampleProjectEachTest(): void {
  beforeEach(() => {
    saved = [];
    opened = { fileName: 'sample.timbre', project: sampleProject() };
    onClose = vi.fn<() => void>();
    replaceBridge({
      'projects.save': (input) => {
        saved.push(input as { fileName: string; project: Project });
        return { ok: true, result: { savedAt: '2024-05-01T10:00:00.000Z' } };
      },
    });
  });
  afterEach(() => {
    cleanup();
  });
}

/** Main answers this test differently: a new bridge with these handlers, and stores over it. */
export function replaceBridge(handlers: ConstructorParameters<typeof FakeBridge>[0]): void {
  bridge = new FakeBridge(handlers);
  stores = storesFor(bridge);
}

export const store = () => stores.document.getState();

export const speechText = (id: string): string | undefined =>
  (store().doc?.project.tracks.speech.blocks.find((block) => block.id === id) as TextBlock | undefined)?.text;

export function scriptBox(blockId: string): HTMLTextAreaElement {
  const box = screen
    .getAllByTestId('script-text')
    .find((element) => (element as HTMLTextAreaElement).dataset.blockId === blockId);
  if (!box) throw new Error(`No text box for ${blockId}`);
  return box as HTMLTextAreaElement;
}

export function clickTimelineBlock(
  blockId: string,
  init: { ctrlKey?: boolean; shiftKey?: boolean } = {},
): void {
  const element = screen
    .getAllByTestId('timeline-block')
    .find((candidate) => candidate.dataset.blockId === blockId);
  if (!element) throw new Error(`No timeline block ${blockId}`);
  fireEvent.pointerDown(element, { button: 0, pointerId: 1, clientX: 10, ...init });
  fireEvent.pointerUp(element, { button: 0, pointerId: 1, clientX: 10 });
}
