import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, createTextBlock } from '../../../common/project/block-factory.js';
import type { OpenedProject } from '../../../common/project/library-views.js';
import type { Project, TextBlock } from '../../../common/project/project-schema.js';
import { VOICE_B, sampleProject } from '../../../common/project/test-support.js';
import type { AppStores } from '../../stores/app-stores.js';
import { renderWithStores, storesFor } from '../../test-support/app-stores-harness.js';
import { FakeBridge } from '../../test-support/fake-bridge.js';
import { ProjectEditor } from './ProjectEditor.js';

let stores: AppStores;
const store = () => stores.document.getState();
const speechText = (id: string): string | undefined =>
  (store().doc?.project.tracks.speech.blocks.find((block) => block.id === id) as TextBlock | undefined)?.text;

function scriptBox(blockId: string): HTMLTextAreaElement {
  const box = screen
    .getAllByTestId('script-text')
    .find((element) => (element as HTMLTextAreaElement).dataset.blockId === blockId);
  if (!box) throw new Error(`No text box for ${blockId}`);
  return box as HTMLTextAreaElement;
}

function clickTimelineBlock(blockId: string, init: { ctrlKey?: boolean; shiftKey?: boolean } = {}): void {
  const element = screen
    .getAllByTestId('timeline-block')
    .find((candidate) => candidate.dataset.blockId === blockId);
  if (!element) throw new Error(`No timeline block ${blockId}`);
  fireEvent.pointerDown(element, { button: 0, pointerId: 1, clientX: 10, ...init });
  fireEvent.pointerUp(element, { button: 0, pointerId: 1, clientX: 10 });
}

describe('ProjectEditor', () => {
  let bridge: FakeBridge;
  let saved: { fileName: string; project: Project }[];
  let opened: OpenedProject;
  let onClose: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    saved = [];
    opened = { fileName: 'sample.timbre', project: sampleProject() };
    onClose = vi.fn<() => void>();
    bridge = new FakeBridge({
      'projects.save': (input) => {
        saved.push(input as { fileName: string; project: Project });
        return { ok: true, result: { savedAt: '2024-05-01T10:00:00.000Z' } };
      },
    });
    stores = storesFor(bridge);
  });
  afterEach(() => {
    cleanup();
  });

  it('shows the title, the three tracks, the script and project figures', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    expect(screen.getByTestId('editor-title').textContent).toBe('Sample');
    expect(within(screen.getByTestId('track-speech')).getAllByTestId('timeline-block')).toHaveLength(3);
    expect(within(screen.getByTestId('track-effects')).getAllByTestId('timeline-block')).toHaveLength(1);
    expect(within(screen.getByTestId('track-music')).getAllByTestId('timeline-block')).toHaveLength(1);
    expect(screen.getAllByTestId('script-text').map((box) => (box as HTMLTextAreaElement).value)).toEqual([
      'Hello there.',
      'General Kenobi.',
      'You are a bold one.',
    ]);
    // Not generated yet: every length is an estimate, drawn as such.
    expect(
      screen.getAllByTestId('timeline-block').every((element) => element.dataset.estimated === 'true'),
    ).toBe(true);
    expect((await screen.findByTestId('stat-blocks')).textContent).toBe('5 blocks');
    // 12 + 15 + 19 spoken characters, plus the sfx and music descriptions (14 + 13).
    expect(screen.getByTestId('stat-characters').textContent).toBe('73 characters');
  });

  it('counts one block and one character in the singular', async () => {
    const sample = sampleProject();
    const single = {
      ...sample,
      tracks: {
        speech: { blocks: [{ ...(sample.tracks.speech.blocks[0] as TextBlock), text: 'A' }] },
        effects: { blocks: [] },
        music: { blocks: [] },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'single.timbre', project: single }} onClose={onClose} />,
      stores,
    );
    expect((await screen.findByTestId('stat-blocks')).textContent).toBe('1 block');
    expect(screen.getByTestId('stat-characters').textContent).toBe('1 character');
  });

  it('commits typing to the document as one undo step, and Ctrl+Z brings the text back', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Hello there!' } });
    fireEvent.change(scriptBox('t1'), { target: { value: 'Hello there!!' } });
    expect(speechText('t1')).toBe('Hello there!!');
    expect(store().past).toHaveLength(1);
    expect(screen.getByTestId('save-status').dataset.state).toBe('pending');

    fireEvent.keyDown(scriptBox('t1'), { key: 'z', ctrlKey: true });
    expect(speechText('t1')).toBe('Hello there.');
    expect(scriptBox('t1').value).toBe('Hello there.');
    fireEvent.keyDown(window, { key: 'y', ctrlKey: true });
    expect(scriptBox('t1').value).toBe('Hello there!!');
  });

  it('autosaves the document through projects.save a second after the last edit', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t2'), { target: { value: 'General Kenobi!' } });
    expect(saved).toHaveLength(0);
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 });
    expect(saved[0]!.fileName).toBe('sample.timbre');
    expect((saved[0]!.project.tracks.speech.blocks[1] as TextBlock).text).toBe('General Kenobi!');
    await waitFor(() => expect(screen.getByTestId('save-status').dataset.state).toBe('saved'));
  });

  it('saves before closing, and only then hands back to the projects page', async () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Closing soon.' } });
    fireEvent.click(screen.getByTestId('editor-close'));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(saved).toHaveLength(1);
    expect((saved[0]!.project.tracks.speech.blocks[0] as TextBlock).text).toBe('Closing soon.');
  });

  it('keeps the edits when saving fails and offers to save them as a new project', async () => {
    bridge = new FakeBridge({
      'projects.save': () => ({
        ok: false,
        error: {
          code: 'CONFLICT',
          field: 'fileName',
          message: 'sample.timbre was changed by another program or window since it was opened.',
        },
      }),
      'projects.saveAsNew': (input) => {
        const { project } = input as { project: Project };
        return {
          ok: true,
          result: { fileName: 'sample-2.timbre', project: { ...project, id: 'copy', title: 'Sample' } },
        };
      },
    });
    stores = storesFor(bridge);
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.change(scriptBox('t1'), { target: { value: 'Precious words.' } });
    fireEvent.click(screen.getByTestId('editor-close'));

    // Closing waits for the failed save, then offers to close without saving too.
    await screen.findByTestId('close-discard');
    expect(screen.getByTestId('save-failed').textContent).toContain('changed by another program');
    expect(onClose).not.toHaveBeenCalled();
    expect(speechText('t1')).toBe('Precious words.');

    fireEvent.click(screen.getByTestId('save-as-new'));
    await waitFor(() => expect(screen.queryByTestId('save-failed')).toBeNull());
    expect(store().doc?.fileName).toBe('sample-2.timbre');
    expect(speechText('t1')).toBe('Precious words.');
    const call = bridge.calls.find((candidate) => candidate.method === 'projects.saveAsNew');
    expect((call?.input as { project: Project }).project.tracks.speech.blocks[0]).toMatchObject({
      text: 'Precious words.',
    });
  });

  it('saves an edit made while main was unreachable once it is back, and holds edits after a relaunch', async () => {
    let reachable = false;
    bridge = new FakeBridge({
      'projects.save': (input) => {
        if (!reachable) return { ok: false, error: { code: 'DISCONNECTED', message: 'Not reachable.' } };
        saved.push(input as { fileName: string; project: Project });
        return { ok: true, result: { savedAt: '2024-05-01T10:00:00.000Z' } };
      },
    });
    stores = storesFor(bridge);
    stores.connection.getState().set('connected');
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    stores.connection.getState().set('disconnected');
    fireEvent.change(scriptBox('t1'), { target: { value: 'Written offline.' } });
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'projects.save')).toBe(true), {
      timeout: 3000,
    });
    expect(saved).toHaveLength(0);
    // The connection banner speaks for the failed save meanwhile.
    expect(screen.queryByTestId('save-failed')).toBeNull();

    reachable = true;
    act(() => stores.connection.getState().set('connected'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect((saved[0]!.project.tracks.speech.blocks[0] as TextBlock).text).toBe('Written offline.');

    // A new launch of the app: nothing is written over the file; the page offers a copy instead.
    act(() => {
      stores.connection.getState().set('disconnected');
      stores.connection.getState().set('relaunched');
    });
    fireEvent.change(scriptBox('t1'), { target: { value: 'Written after the restart.' } });
    await screen.findByTestId('relaunch-save-copy');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(saved).toHaveLength(1);
  });

  it('shows the selected block’s parameters with project defaults, overrides and inline rules', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('t2');
    const inspector = screen.getByTestId('inspector-block');
    expect(inspector.dataset.blockId).toBe('t2');
    // t2 overrides the speech rate; its voice follows the project default.
    expect((screen.getByTestId('use-default-speechRate') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByTestId('field-speechRate') as HTMLInputElement).value).toBe('1.2');
    expect(screen.getByTestId('default-value-voiceId').textContent).toBe('Ava');

    fireEvent.change(screen.getByTestId('field-speechRate'), { target: { value: '3' } });
    expect(screen.getByTestId('violation-speechRate').textContent).toMatch(
      /^Speech rate must be from 0\.5 to 2/u,
    );
    fireEvent.click(screen.getByTestId('use-default-speechRate'));
    expect(screen.queryByTestId('violation-speechRate')).toBeNull();
    expect(store().doc?.project.tracks.speech.blocks[1]).not.toHaveProperty('speechRate');

    fireEvent.click(screen.getByTestId('field-emo_switch-enabled'));
    fireEvent.change(screen.getByTestId('field-emo_switch-2'), { target: { value: '9' } });
    expect(store().doc?.project.tracks.speech.blocks[1]).toMatchObject({ emo_switch: [5, 5, 9, 5, 5] });

    fireEvent.change(screen.getByTestId('field-volumeDb'), { target: { value: '40' } });
    expect(screen.getByTestId('field-volumeDb-problem').textContent).toContain('-60 to 12');
    expect(screen.getByTestId('block-characters').textContent).toContain('15 characters');
  });

  it('counts typing in the script row at once, and in the inspector (characters, text as sent) as typing is followed', async () => {
    const sample = sampleProject();
    const withRule = {
      ...sample,
      lexicon: [
        { id: 'rule-1', term: 'Kenobi', replacement: 'Ken-OH-bee', wholeWord: true, caseSensitive: false },
      ],
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'rule.timbre', project: withRule }} onClose={onClose} />,
      stores,
    );
    clickTimelineBlock('t2');
    const rowCount = (): string | null | undefined =>
      screen
        .getAllByTestId('script-row')
        .find((row) => row.dataset.blockId === 't2')
        ?.querySelector('[data-testid="script-row-characters"]')?.textContent;
    // The inspector counts the text as sent (the rules applied), as the status bar and the service do.
    expect(screen.getByTestId('block-characters').textContent).toContain('19 characters');
    expect(screen.getByTestId('sent-text').textContent).toBe('General Ken-OH-bee.');

    fireEvent.change(scriptBox('t2'), { target: { value: 'General Kenobi, you are a bold one.' } });
    // The text box's own row follows every keystroke; the inspector, a summary, does not repaint in its frame.
    expect(rowCount()).toBe('35 chars');
    expect(screen.getByTestId('block-characters').textContent).toContain('19 characters');
    expect(screen.getByTestId('sent-text').textContent).toBe('General Ken-OH-bee.');
    await waitFor(() =>
      expect(screen.getByTestId('block-characters').textContent).toContain('39 characters'),
    );
    expect(screen.getByTestId('block-characters').textContent).toContain('≈ 39 credits');
    expect(screen.getByTestId('sent-text').textContent).toBe('General Ken-OH-bee, you are a bold one.');

    // A block added after the last followed snapshot is counted as it is.
    fireEvent.click(screen.getByTestId('add-text-block'));
    expect(screen.getByTestId('inspector-block').dataset.blockId).not.toBe('t2');
    expect(screen.getByTestId('block-characters').textContent).toContain('0 characters');
  });

  it('labels what a line inherits as its speaker’s when the cast sets it, and the project’s otherwise', () => {
    const sample = sampleProject();
    const withBruno: Project = {
      ...sample,
      cast: [
        ...sample.cast,
        { id: 'bruno', name: 'Bruno', colour: '#336699', voiceId: VOICE_B, voiceName: 'Bruno' },
      ],
      tracks: {
        ...sample.tracks,
        speech: {
          blocks: sample.tracks.speech.blocks.map((block) =>
            block.id === 't1' ? { ...block, speakerId: 'bruno' } : block,
          ) as Project['tracks']['speech']['blocks'],
        },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'cast.timbre', project: withBruno }} onClose={onClose} />,
      stores,
    );
    clickTimelineBlock('t1');
    const labelOf = (field: string) => screen.getByTestId(`use-default-${field}`).parentElement?.textContent;
    expect(labelOf('voiceId')).toBe('As Bruno (cast)');
    expect(screen.getByTestId('default-value-voiceId').textContent).toBe('Bruno');
    expect(labelOf('promptId')).toBe('Project default');
  });

  it('says an empty project has nothing to generate, not that it is all generated', async () => {
    const empty = createProject({ id: 'empty', title: 'Empty' });
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'empty.timbre', project: empty }} onClose={onClose} />,
      stores,
    );
    await waitFor(() =>
      expect(screen.getByTestId('generate-project').textContent).toBe('Nothing to generate yet'),
    );
  });

  it('says what needs a service instead of failing when there is none', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('s1');
    expect(screen.getByTestId('inspector-block').dataset.type).toBe('sfx');
    expect(screen.getByTestId('service-unavailable').textContent).toContain('No service is set up');
    expect(screen.getByTestId('generation-slot').textContent).toContain('Not generated');
  });

  it('adds, duplicates, reorders and deletes blocks from the keyboard', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('t1');
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    const ids = () => store().doc!.project.tracks.speech.blocks.map((block) => block.id);
    expect(ids()).toHaveLength(4);
    const added = ids()[1]!;
    expect(store().selection.ids).toEqual([added]);
    expect(document.activeElement).toBe(scriptBox(added));

    fireEvent.keyDown(document.body, { key: 'ArrowDown', altKey: true });
    expect(ids()[2]).toBe(added);
    fireEvent.keyDown(document.body, { key: 'd', ctrlKey: true });
    expect(ids()).toHaveLength(5);
    // The copy goes right after its original and is selected.
    const copy = ids()[3]!;
    expect(store().selection.ids).toEqual([copy]);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(ids()).toHaveLength(4);
    expect(ids()).not.toContain(copy);
    expect(ids()).toContain(added);
    // Delete in a text box edits the text, not the blocks.
    fireEvent.keyDown(scriptBox('t1'), { key: 'Delete' });
    expect(ids()).toHaveLength(4);
  });

  it('selects several blocks with Ctrl and Shift clicks, and nudges effects in time with Alt+arrows', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    clickTimelineBlock('t1');
    clickTimelineBlock('t3', { shiftKey: true });
    expect(store().selection.ids).toEqual(['t1', 't2', 't3']);
    clickTimelineBlock('t2', { ctrlKey: true });
    expect(store().selection.ids).toEqual(['t1', 't3']);

    clickTimelineBlock('s1');
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true, shiftKey: true });
    expect(store().doc!.project.tracks.effects.blocks[0]!.startMs).toBe(3100);
  });

  it('splits a text block at the text cursor and merges it back', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    const box = scriptBox('t3');
    fireEvent.focus(box);
    box.setSelectionRange(8, 8);
    fireEvent.keyDown(box, { key: 'S', ctrlKey: true, shiftKey: true });
    const texts = () =>
      store().doc!.project.tracks.speech.blocks.map((block) => (block.type === 'text' ? block.text : ''));
    expect(texts()).toEqual(['Hello there.', 'General Kenobi.', 'You are', 'a bold one.']);

    act(() => store().select(['t3'], 't3'));
    fireEvent.click(screen.getByTestId('merge-block'));
    expect(texts()).toEqual(['Hello there.', 'General Kenobi.', 'You are a bold one.']);
  });

  it('lists the shortcuts in a help panel (F1), closed with Escape', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.keyDown(document.body, { key: 'F1' });
    const help = screen.getByTestId('shortcuts-help');
    expect(help.textContent).toContain('Ctrl+Shift+Z');
    expect(help.textContent).toContain('Split the text block at the text cursor');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();
  });

  it('renders only the visible part of a 2,000-block project', async () => {
    const big: Project = {
      ...createProject({ title: 'Big', id: 'big' }),
      tracks: {
        speech: {
          blocks: Array.from({ length: 2000 }, (_, index) =>
            createTextBlock({ id: `b${index}`, text: `Sentence number ${index} of a long script.` }),
          ),
        },
        effects: { blocks: [] },
        music: { blocks: [] },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'big.timbre', project: big }} onClose={onClose} />,
      stores,
    );
    expect((await screen.findByTestId('stat-blocks')).textContent).toBe('2,000 blocks');
    expect(screen.getAllByTestId('script-row').length).toBeLessThan(30);
    expect(screen.getAllByTestId('timeline-block').length).toBeLessThan(100);
  });
  it('scrolls the timeline to a block selected elsewhere, on any track', async () => {
    const sample = sampleProject();
    const speech = Array.from({ length: 60 }, (_, index) =>
      createTextBlock({
        id: `line-${index}`,
        text: `Line ${index} of the chapter, long enough to take time.`,
      }),
    );
    const [sfx] = sample.tracks.effects.blocks;
    if (sfx === undefined) throw new Error('The sample has an effect');
    const project: Project = {
      ...sample,
      tracks: {
        ...sample.tracks,
        speech: { blocks: speech },
        // An effect far along the timeline, so revealing it needs the effects track's place, not the speech one's.
        effects: { blocks: [{ ...sfx, startMs: 400_000 }] },
      },
    };
    renderWithStores(
      <ProjectEditor opened={{ fileName: 'long.timbre', project }} onClose={onClose} />,
      stores,
    );
    const scroller = await screen.findByTestId('timeline-scroll');
    expect(scroller.scrollLeft).toBe(0);

    act(() => store().select(['line-59'], 'line-59'));
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(0));
    const atLastLine = scroller.scrollLeft;

    act(() => store().select(['line-0'], 'line-0'));
    await waitFor(() => expect(scroller.scrollLeft).toBe(0));

    act(() => store().select([sfx.id], sfx.id));
    await waitFor(() => expect(scroller.scrollLeft).toBeGreaterThan(atLastLine));
  });
});
