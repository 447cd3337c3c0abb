import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProject } from '../../../common/project/block-factory.js';
import type { Project, TextBlock } from '../../../common/project/project-schema.js';
import { VOICE_B, sampleProject } from '../../../common/project/test-support.js';
import { renderWithStores } from '../../test-support/app-stores-harness.js';
import { ProjectEditor } from './ProjectEditor.js';
import {
  clickTimelineBlock,
  onClose,
  openSampleProjectEachTest,
  opened,
  scriptBox,
  store,
  stores,
} from './test-support/editor-harness.js';

describe('ProjectEditor: what it shows of a project', () => {
  openSampleProjectEachTest();

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
    // Counts read as the list and the inspector write them.
    fireEvent.change(scriptBox('t2'), { target: { value: 'x'.repeat(1_234) } });
    expect(rowCount()).toBe('1,234 chars');

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

  it('lists the shortcuts in a help panel (F1), closed with Escape', () => {
    renderWithStores(<ProjectEditor opened={opened} onClose={onClose} />, stores);
    fireEvent.keyDown(document.body, { key: 'F1' });
    const help = screen.getByTestId('shortcuts-help');
    expect(help.textContent).toContain('Ctrl+Shift+Z');
    expect(help.textContent).toContain('Split the text block at the text cursor');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('shortcuts-help')).toBeNull();
  });
});
