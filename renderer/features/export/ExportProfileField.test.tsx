import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { ExportProfileField } from './ExportProfileField.js';

afterEach(cleanup);

describe('ExportProfileField', () => {
  it('shows ACX’s human-narration rule plainly once ACX is chosen', () => {
    render(
      <ExportProfileField
        form={formWithProfile(defaultExportForm, 'acx')}
        disabled={false}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByTestId('export-profile-narration').textContent).toMatch(
      /ACX takes only audiobooks narrated by a human, unless ACX has authorised otherwise/u,
    );
    expect(screen.getByTestId('export-profile-summary').textContent).toMatch(/room tone/u);
  });

  it('shows no statement without a profile, and reports the choice', () => {
    const onChange = vi.fn();
    render(<ExportProfileField form={defaultExportForm} disabled={false} onChange={onChange} />);
    expect(screen.queryByTestId('export-profile-narration')).toBeNull();
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'inaudio' } });
    expect(onChange).toHaveBeenCalledWith('profile', 'inaudio');
    fireEvent.change(screen.getByTestId('export-profile'), { target: { value: 'none' } });
    expect(onChange).toHaveBeenLastCalledWith('profile', undefined);
  });
});

describe('formWithProfile and the settings it makes', () => {
  it('fills the fields ACX rules on, and the settings carry its room tone and checks', () => {
    const form = formWithProfile(defaultExportForm, 'acx');
    expect(form).toMatchObject({
      profile: 'acx',
      format: 'mp3',
      bitrateKbps: 192,
      sampleRate: 44100,
      channels: 1,
      loudness: 'acx',
      mode: 'chapters-folder',
      // The locked subtitle boxes show what is delivered: the chapter files alone.
      srt: false,
      vtt: false,
    });
    const settings = settingsFromForm(form, 3);
    if (!settings.ok) throw new Error(settings.message);
    expect(settings.settings).toMatchObject({
      retailProfile: 'acx',
      options: {
        roomTone: { headMs: 600, tailMs: 2000 },
        loudness: { kind: 'rms', peakDb: -3.5 },
        subtitles: { srt: false, vtt: false },
      },
    });
  });

  it('drops the profile, and with it the room tone and checks, when no profile is chosen again', () => {
    const form = formWithProfile(formWithProfile(defaultExportForm, 'acx'), undefined);
    expect(form.profile).toBeUndefined();
    const settings = settingsFromForm(form, 3);
    if (!settings.ok) throw new Error(settings.message);
    expect(settings.settings.retailProfile).toBeUndefined();
    expect(settings.settings.options.roomTone).toBeUndefined();
  });
});
