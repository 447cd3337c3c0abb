import { describe, expect, it } from 'vitest';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { withExplicitWords } from '../../../common/export/explicit-words.js';
import { formWithProfile } from './export-profile.js';

describe('the export form’s retail sample', () => {
  const acx = formWithProfile(defaultExportForm, 'acx');

  it('sends where the user put the sample, with the words of their list', () => {
    const result = settingsFromForm({ ...acx, sampleStart: ' 12 ', sampleLength: '90' });
    if (!result.ok) throw new Error(result.message);
    expect(result.settings.retailSample).toEqual({ start: { blockNumber: 12 }, lengthSeconds: 90 });
    expect(withExplicitWords(result.settings, ['damn']).retailSample).toEqual({
      start: { blockNumber: 12 },
      lengthSeconds: 90,
      explicitWords: ['damn'],
    });
  });

  it('leaves an empty box to the studio’s proposal and names the box a typed value breaks', () => {
    const proposed = settingsFromForm(acx);
    expect(proposed.ok && proposed.settings.retailSample).toEqual({});
    expect(settingsFromForm({ ...acx, sampleStart: '4:75' })).toEqual({
      ok: false,
      field: 'sampleStart',
      message:
        'Sample start must be a block number (12) or a time (4:30, 1:02:03): Seconds must be under 60.',
    });
  });

  it('sends no sample without a profile, whatever the boxes held', () => {
    const plain = settingsFromForm({ ...defaultExportForm, sampleStart: '3' });
    expect(plain.ok && plain.settings.retailSample).toBeUndefined();
    expect(plain.ok && withExplicitWords(plain.settings, ['damn']).retailSample).toBeUndefined();
  });
});
