import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../../common/project/index.js';
import { updateBlock } from '../../../common/project/index.js';
import { addSpeaker, assignSpeaker } from '../../../common/project/cast-edits.js';
import { sampleProject } from '../../../common/project/test-support.js';
import type { AppStores } from '../../stores/app-stores.js';
import { storesFor } from '../../test-support/app-stores-harness.js';
import { settingsView } from '../../test-support/settings-view.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { voiceView } from '../../test-support/voice-views.js';
import { startGeneration } from './start-generation.js';

const SERVICE = 'http://127.0.0.1:8787';

function setUp(project: Project = { ...sampleProject(), serviceUrl: SERVICE }) {
  const bridge = new FakeBridge({
    'generation.start': () => ({
      ok: true,
      result: { serviceUrl: SERVICE, jobIds: ['job-1'], sentBlocks: 1, reusedBlocks: 0, characters: 12 },
    }),
  });
  const stores = storesFor(bridge);
  stores.document.getState().open({ fileName: 'sample.timbre', project });
  return { bridge, stores };
}

describe('startGeneration', () => {
  it('asks main for another take of the chosen blocks', async () => {
    const { bridge, stores } = setUp();
    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t1', 't2'] });
    expect(bridge.calls.map((call) => call.method)).toEqual(['generation.start']);
    expect(bridge.calls[0]?.input).toMatchObject({ blockIds: ['t1', 't2'], newTake: true });
    expect(stores.notices.getState().toasts.at(-1)?.title).toBe('Taking again');
  });

  it('leaves locked blocks out of another take, says so, and sends nothing when all are locked', async () => {
    const locked = updateBlock({ ...sampleProject(), serviceUrl: SERVICE }, 't2', { locked: true });
    const { bridge, stores } = setUp(locked);
    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t1', 't2'] });
    expect(bridge.calls[0]?.input).toMatchObject({ blockIds: ['t1'] });
    expect(stores.notices.getState().toasts.map((toast) => toast.title)).toContain('1 locked block left out');

    await startGeneration(stores, SERVICE, { newTake: true, blockIds: ['t2'] });
    expect(bridge.calls).toHaveLength(1);
  });

  it('sends nothing when blocks would be refused, and names them all in one notice that selects them', async () => {
    const base = { ...sampleProject(), serviceUrl: SERVICE };
    // No voice anywhere: every speech block would be refused.
    const noVoice: Project = { ...base, defaults: { ...base.defaults, voiceId: null } };
    const { bridge, stores } = setUp(noVoice);
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls).toEqual([]);
    const toasts = stores.notices.getState().toasts;
    expect(toasts).toHaveLength(1);
    const [toast] = toasts;
    // The sample's blocks without a voice of their own.
    const speechIds = base.tracks.speech.blocks
      .filter((block) => block.type === 'text' && block.voiceId === undefined)
      .map((block) => block.id);
    expect(speechIds.length).toBeGreaterThan(1);
    expect(toast).toMatchObject({
      tone: 'error',
      title: `Nothing was sent: ${speechIds.length} blocks need fixing first`,
      body: `${speechIds.length} blocks: no voice is chosen; pick a default voice for the project or a voice for this block.`,
    });
    toast!.action!.run();
    expect(stores.document.getState().selection).toEqual({ ids: speechIds, anchorId: speechIds[0] });
  });
});

describe('startGeneration after a refusal (issue 37)', () => {
  it('removes the earlier "Nothing was sent" once the blocks are fixed and a task is sent', async () => {
    const base = { ...sampleProject(), serviceUrl: SERVICE };
    const { bridge, stores } = setUp({ ...base, defaults: { ...base.defaults, voiceId: null } });
    await startGeneration(stores, SERVICE, { newTake: false });
    const titles = () => stores.notices.getState().toasts.map((toast) => toast.title);
    expect(titles()).toEqual([expect.stringMatching(/^Nothing was sent: \d+ blocks need fixing first$/u)]);

    // The user picks a default voice and generates again: the task goes, and the refusal no longer holds.
    stores.document
      .getState()
      .apply((project) => ({ ...project, defaults: base.defaults }), { label: 'Voice' });
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls.map((call) => call.method)).toEqual(['generation.start']);
    expect(titles().filter((title) => title.startsWith('Nothing was sent'))).toEqual([]);
  });

  it('shows the refusal again, once, when blocks still need fixing', async () => {
    const base = { ...sampleProject(), serviceUrl: SERVICE };
    const { stores } = setUp({ ...base, defaults: { ...base.defaults, voiceId: null } });
    await startGeneration(stores, SERVICE, { newTake: false });
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(stores.notices.getState().toasts).toHaveLength(1);
  });
});

describe('startGeneration with the voices’ styles', () => {
  const ARIA = 'c3d9a7e4-1b2f-4e6a-8d05-9f7b3c2a1e42';
  const BRUNO = '9e4b2c71-6d0a-4f3e-b8a1-5c7d2e9f0b64';
  /** Aria has a calm style, Bruno has none. */
  const setLibrary = (stores: AppStores): void => {
    stores.serviceLibrary
      .getState()
      .setVoices(SERVICE, [
        voiceView(ARIA, 'Aria', ['default', 'calm']),
        voiceView(BRUNO, 'Bruno', ['default', 'trailer']),
      ]);
  };

  /** The narrator on the defaults (Aria, calm) and Bruno, whose voice has no calm style. */
  function book(bruno: string[] = ['t2', 't3']): Project {
    const base: Project = {
      ...sampleProject(),
      serviceUrl: SERVICE,
      defaults: { ...sampleProject().defaults, voiceId: ARIA, voiceName: 'Aria', promptId: 'calm' },
    };
    const speech = base.tracks.speech.blocks.map((block) =>
      block.type === 'text' ? { ...block, voiceId: undefined } : block,
    ) as Project['tracks']['speech']['blocks'];
    const withBruno = addSpeaker(
      { ...base, tracks: { ...base.tracks, speech: { blocks: speech } } },
      { name: 'Bruno', voiceId: BRUNO, voiceName: 'Bruno' },
      () => 'bruno',
    ).project;
    return assignSpeaker(withBruno, bruno, 'bruno');
  }

  it('catches a style the speaker’s voice lacks before sending, names it, and fixes it in one click', async () => {
    const { bridge, stores } = setUp(book());
    setLibrary(stores);
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls).toEqual([]);
    const toast = stores.notices.getState().toasts.at(-1);
    expect(toast?.title).toBe('Nothing was sent: 2 blocks need fixing first');
    expect(toast?.body).toBe(
      '2 blocks: the style “calm” (the project default) is not a style of the voice Bruno (its styles: Default, Trailer); Bruno’s own default is “Default”.\n' +
        'Use Bruno’s default style for them, then generate again.',
    );
    expect(toast?.action?.label).toBe('Use Bruno’s default style');
    toast!.action!.run();
    const fixed = stores.document.getState().doc!.project;
    expect(fixed.cast.find((speaker) => speaker.id === 'bruno')?.promptId).toBe('default');
    expect(fixed.defaults.promptId).toBe('calm');

    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls.map((call) => call.method)).toEqual(['generation.start']);
  });

  it('speaks of one such block in the singular', async () => {
    const { stores } = setUp(book(['t2']));
    setLibrary(stores);
    await startGeneration(stores, SERVICE, { newTake: false });
    // Issue 36: "Use Bruno's default style for them" with one block.
    expect(stores.notices.getState().toasts.at(-1)?.body).toMatch(
      /\nUse Bruno’s default style for it, then generate again\.$/u,
    );
  });
});

describe('startGeneration above the credits the user set to be asked about', () => {
  it('shows the estimate and sends only on the user’s word; below the threshold it sends at once', async () => {
    const { bridge, stores } = setUp();
    // The sample's three lines, 46 characters as sent, are under the default of 5,000 credits.
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls.map((call) => call.method)).toEqual(['generation.start']);
    expect(stores.editorUi.getState().pendingGeneration).toBeNull();

    stores.settings.getState().setView(
      settingsView({
        activeServiceUrl: SERVICE,
        generation: { confirmAboveCredits: 40, defaultVoices: {} },
      }),
    );
    await startGeneration(stores, SERVICE, { newTake: false });
    expect(bridge.calls).toHaveLength(1);
    const pending = stores.editorUi.getState().pendingGeneration;
    expect(pending).toMatchObject({
      blocks: 5,
      credits: 46 + 'lightsaber hum'.length + 'tense strings'.length,
    });
    expect(pending?.threshold).toBe(40);
    pending!.send();
    await vi.waitFor(() => expect(bridge.calls).toHaveLength(2));
  });
});

describe('confirming a generation sends the document as it is when Generate is clicked', () => {
  const confirmAbove = (stores: ReturnType<typeof setUp>['stores'], credits: number) =>
    stores.settings.getState().setView(
      settingsView({
        activeServiceUrl: SERVICE,
        generation: { confirmAboveCredits: credits, defaultVoices: {} },
      }),
    );
  const edit = (stores: ReturnType<typeof setUp>['stores'], text: string) =>
    stores.document.getState().apply((project) => updateBlock(project, 't1', { text }), { label: 'Type' });

  it('sends the edits made while the question was open, not the project as it was when it was asked', async () => {
    const { bridge, stores } = setUp();
    confirmAbove(stores, 40);
    await startGeneration(stores, SERVICE, { newTake: false });
    const asked = stores.editorUi.getState().pendingGeneration!;
    expect(asked.projectTitle).toBe(sampleProject().title);
    edit(stores, 'Hi.');
    asked.send();
    await vi.waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(bridge.calls[0]?.input).toMatchObject({ project: stores.document.getState().doc!.project });
    expect(JSON.stringify(bridge.calls[0]?.input)).toContain('"text":"Hi."');
  });

  it('asks again, sending nothing, when the edits made meanwhile cost more than the figure confirmed', async () => {
    const { bridge, stores } = setUp();
    confirmAbove(stores, 40);
    await startGeneration(stores, SERVICE, { newTake: false });
    const asked = stores.editorUi.getState().pendingGeneration!;
    const longer = 'A much longer first line than the one the user was asked about.';
    edit(stores, longer);
    asked.send();
    await Promise.resolve();
    expect(bridge.calls).toEqual([]);
    const again = stores.editorUi.getState().pendingGeneration!;
    expect(again.credits).toBe(asked.credits - 'Hello there.'.length + longer.length);
    expect(stores.notices.getState().toasts.at(-1)?.title).toBe('Nothing sent yet: please confirm again');

    again.send();
    await vi.waitFor(() => expect(bridge.calls).toHaveLength(1));
    expect(JSON.stringify(bridge.calls[0]?.input)).toContain(longer);
  });

  it('drops the question when another project opens, and never sends that project on the first one’s word', async () => {
    const { bridge, stores } = setUp();
    confirmAbove(stores, 40);
    await startGeneration(stores, SERVICE, { newTake: false });
    const asked = stores.editorUi.getState().pendingGeneration!;
    const other: Project = { ...sampleProject(), id: 'other', title: 'Other book', serviceUrl: SERVICE };
    stores.document.getState().open({ fileName: 'other.timbre', project: other });
    expect(stores.editorUi.getState().pendingGeneration).toBeNull();

    // A Generate click that still reaches the old question (it was on screen) asks about the project now open.
    asked.send();
    await Promise.resolve();
    expect(bridge.calls).toEqual([]);
    expect(stores.editorUi.getState().pendingGeneration?.projectTitle).toBe('Other book');
  });
});
