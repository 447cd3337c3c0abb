import { useMemo, useState } from 'react';
import type { ExportForm } from './export-form.js';
import { defaultExportForm, settingsFromForm } from './export-form.js';

/** Remembered for the next export in this session: people export the same way again and again. */
let lastForm: ExportForm = defaultExportForm;

/**
 * The form as the user last left it in this session. Read when an answer arrives after the dialog opened (the
 * default folder), where the form the dialog rendered with may already be out of date.
 */
export function lastExportForm(): ExportForm {
  return lastForm;
}

/**
 * The export dialog's form (format, loudness, tags, mode) and the cover the user picked, with the settings they
 * make. Each change is remembered for the next export and reported to `onChange` (the destination follows the
 * format's extension).
 */
export function useExportForm(chapterCount: number, onChange: (next: ExportForm) => void) {
  const [form, setForm] = useState<ExportForm>(lastForm);
  const [cover, setCover] = useState<File | null>(null);
  const settings = useMemo(() => settingsFromForm(form, chapterCount), [form, chapterCount]);

  const update = <K extends keyof ExportForm>(key: K, value: ExportForm[K]): void => {
    const next = { ...form, [key]: value };
    lastForm = next;
    setForm(next);
    onChange(next);
  };

  return { form, settings, cover, setCover, update };
}
