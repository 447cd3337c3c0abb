import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project, TextBlock } from '../../../../common/project/project-schema.js';
import { VOICE_A, VOICE_B, sampleProject } from '../../../../common/project/test-support.js';
import type { AppStores } from '../../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../../test-support/fake-bridge.js';
import { voiceView } from '../../../test-support/voice-views.js';
import { BlockInspector } from './BlockInspector.js';
import { ProjectDefaultsPanel } from './ProjectDefaultsPanel.js';

const SERVICE = 'http://127.0.0.1:8787';

describe('style choices follow the voice they apply to', () => {
  let stores: AppStores;
  const project = () => stores.document.getState().doc!.project;

  function open(changed: (project: Project) => Project): void {
    stores.document.getState().open({
      fileName: 'styles.timbre',
      project: changed({ ...sampleProject(), serviceUrl: SERVICE }),
    });
  }

  beforeEach(() => {
    stores = storesFor(new FakeBridge({}));
    // Ava (the sample's default voice) has a calm style; Bo (block t3's own voice) has none but its default.
    stores.serviceLibrary
      .getState()
      .setVoices(SERVICE, [
        voiceView(VOICE_A, 'Ava', ['default', 'calm']),
        voiceView(VOICE_B, 'Bo', ['default']),
      ]);
  });
  afterEach(() => cleanup());

  it('the project defaults offer the default voice’s styles, and name a style it lacks with one fix', () => {
    open((sample) => ({ ...sample, defaults: { ...sample.defaults, voiceId: VOICE_B, promptId: 'calm' } }));
    renderWithStores(<ProjectDefaultsPanel />, stores);
    expect(screen.getByTestId('project-default-style-misfit').textContent).toContain(
      '“calm” is not a style of Bo: lines with this voice would be refused.',
    );
    const offered = [...screen.getByTestId('project-default-promptId').querySelectorAll('option')].map(
      (option) => option.textContent,
    );
    expect(offered).toEqual(['calm (not a style of this voice)', 'Default']);
    fireEvent.click(screen.getByTestId('project-default-style-fix'));
    expect(project().defaults.promptId).toBe('default');
    expect(screen.queryByTestId('project-default-style-misfit')).toBeNull();
  });

  it('the inspector names a block whose own voice lacks the default style, and fixes it on the block', () => {
    open((sample) => ({ ...sample, defaults: { ...sample.defaults, promptId: 'calm' } }));
    stores.document.getState().select(['t3'], 't3');
    renderWithStores(<BlockInspector />, stores);
    expect(screen.getByTestId('violation-promptId').textContent).toContain(
      'The style “calm” (the project default) is not a style of the voice Bo',
    );
    fireEvent.click(screen.getByTestId('style-fix'));
    const t3 = project().tracks.speech.blocks.find((block) => block.id === 't3') as TextBlock;
    expect(t3.promptId).toBe('default');
    expect(project().defaults.promptId).toBe('calm');
    expect(screen.queryByTestId('violation-promptId')).toBeNull();
  });
});
