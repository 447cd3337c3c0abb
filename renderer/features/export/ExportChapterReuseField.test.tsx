import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportForm } from './export-form.js';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { ExportChapterReuseField } from './ExportChapterReuseField.js';

afterEach(cleanup);

const perChapter = { ...defaultExportForm, mode: 'chapters-folder' as const };

describe('ExportChapterReuseField', () => {
  it('offers "Re-render only changed chapters", ticked, for one file per chapter into a folder', () => {
    const onChange = vi.fn();
    render(<ExportChapterReuseField form={perChapter} disabled={false} onChange={onChange} />);
    const box = screen.getByTestId<HTMLInputElement>('export-only-changed-chapters');
    expect(box.checked).toBe(true);
    expect(box.closest('label')?.textContent).toBe('Re-render only changed chapters');
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith('rerenderAllChapters', true);
  });

  it('is not offered where it means nothing: one file, or a zip written whole', () => {
    for (const mode of ['mix', 'chapters-zip', 'blocks-folder'] as const) {
      render(<ExportChapterReuseField form={{ ...perChapter, mode }} disabled={false} onChange={vi.fn()} />);
      expect(screen.queryByTestId('export-only-changed-chapters')).toBeNull();
      cleanup();
    }
  });
});

describe('settingsFromForm and the chapters written again', () => {
  it('asks main to write every chapter only when "only changed" is unticked for a chapter folder', () => {
    const settingsOf = (form: ExportForm) => {
      const made = settingsFromForm(form);
      if (!made.ok) throw new Error(made.message);
      return made.settings;
    };
    expect(settingsOf(perChapter).rerenderAllChapters).toBeUndefined();
    expect(settingsOf({ ...perChapter, rerenderAllChapters: true }).rerenderAllChapters).toBe(true);
    expect(
      settingsOf({ ...perChapter, mode: 'mix', rerenderAllChapters: true }).rerenderAllChapters,
    ).toBeUndefined();
    // A retailer's chapter files follow the same choice.
    const acx = { ...formWithProfile(defaultExportForm, 'acx'), rerenderAllChapters: true };
    expect(acx.mode).toBe('chapters-folder');
    expect(settingsOf(acx)).toMatchObject({ retailProfile: 'acx', rerenderAllChapters: true });
  });
});
