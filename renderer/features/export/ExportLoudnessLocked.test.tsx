import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { ExportFormatFields } from './ExportFormatFields.js';

afterEach(cleanup);

function loudnessShown(): string {
  const select = screen.getByTestId('export-loudness') as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent ?? '';
}

describe('the loudness field', () => {
  it('shows, locked under the ACX profile, the ceiling the export applies (−3.5 dB), not the preset’s −3 dB', () => {
    const form = formWithProfile(defaultExportForm, 'acx');
    render(<ExportFormatFields form={form} disabled onChange={vi.fn()} />);
    const applied = settingsFromForm(form, 3);
    if (!applied.ok) throw new Error(applied.message);
    const { loudness } = applied.settings.options;
    if (loudness.kind !== 'rms') throw new Error(`ACX applies an RMS target, not ${loudness.kind}`);
    expect(loudnessShown()).toBe(`${retailProfile('acx').name} (−20 dB RMS, peaks ≤ −3.5 dB)`);
    expect(loudnessShown()).toContain(`peaks ≤ −${Math.abs(loudness.peakDb)} dB`);
    expect((screen.getByTestId('export-loudness') as HTMLSelectElement).disabled).toBe(true);
  });

  it('offers the presets, ACX’s at −3 dB, without a profile', () => {
    render(
      <ExportFormatFields
        form={{ ...defaultExportForm, loudness: 'acx' }}
        disabled={false}
        onChange={vi.fn()}
      />,
    );
    expect(loudnessShown()).toBe('Audiobook ACX (−20 dB RMS, peaks ≤ −3 dB)');
    expect(
      screen.getAllByRole('option', { name: /Podcast|Broadcast|Audiobook ACX|As generated/u }),
    ).toHaveLength(4);
  });
});
