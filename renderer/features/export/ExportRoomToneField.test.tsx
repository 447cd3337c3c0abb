import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { ExportProfileField } from './ExportProfileField.js';

afterEach(cleanup);

describe('the room-tone clip field', () => {
  it('is offered under ACX and reports what the user names', () => {
    const onChange = vi.fn();
    render(
      <ExportProfileField
        form={formWithProfile(defaultExportForm, 'acx')}
        disabled={false}
        onChange={onChange}
      />,
    );
    const box = screen.getByTestId('export-room-tone-clip') as HTMLInputElement;
    expect(box.placeholder).toBe('Generated room tone (−70 dB)');
    fireEvent.change(box, { target: { value: '/rooms/studio.wav' } });
    expect(onChange).toHaveBeenCalledWith('roomToneClip', '/rooms/studio.wav');
  });

  it('is not offered under a profile that lays no room tone', () => {
    render(
      <ExportProfileField
        form={formWithProfile(defaultExportForm, 'podcast')}
        disabled={false}
        onChange={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('export-room-tone-clip')).toBeNull();
  });
});

describe('the settings a room-tone clip makes', () => {
  it('loops the clip under an ACX delivery, held to ACX’s noise floor, with its head and tail', () => {
    const settings = settingsFromForm(
      { ...formWithProfile(defaultExportForm, 'acx'), roomToneClip: ' /rooms/studio.wav ' },
      3,
    );
    if (!settings.ok) throw new Error(settings.message);
    expect(settings.settings.options.roomTone).toMatchObject({
      headMs: 600,
      tailMs: 2000,
      clip: { path: '/rooms/studio.wav', maxRmsDb: -60 },
    });
  });

  it('adds room tone from the clip without a profile, and none with the box empty', () => {
    const withClip = settingsFromForm({ ...defaultExportForm, roomToneClip: 'C:\\Rooms\\studio.flac' }, 3);
    if (!withClip.ok) throw new Error(withClip.message);
    expect(withClip.settings.options.roomTone?.clip?.path).toBe('C:\\Rooms\\studio.flac');
    const without = settingsFromForm(defaultExportForm, 3);
    if (!without.ok) throw new Error(without.message);
    expect(without.settings.options.roomTone).toBeUndefined();
  });

  it('refuses a path that is not a whole one, naming the field and the rule', () => {
    expect(settingsFromForm({ ...defaultExportForm, roomToneClip: 'room.wav' }, 3)).toEqual({
      ok: false,
      field: 'roomToneClip',
      message:
        'room-tone clip must be the full path of a WAV, MP3 or FLAC file (e.g. /home/me/Room tone.wav)',
    });
  });
});
