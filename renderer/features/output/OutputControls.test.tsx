import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { OutputControls } from './OutputControls.js';

describe('OutputControls', () => {
  afterEach(cleanup);

  it('acts on the keys the shortcuts help lists: Space plays, Ctrl+E exports', () => {
    const stores = storesFor(new FakeBridge({}));
    stores.document.getState().open({ fileName: 'sample.timbre', project: sampleProject() });
    renderWithStores(<OutputControls />, stores);
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).toEqual(['Nothing to play yet']);
    fireEvent.keyDown(document.body, { key: 'e', ctrlKey: true });
    expect(screen.getByTestId('export-dialog')).toBeTruthy();
  });
});
