import { useMemo, useState } from 'react';
import type { ExportForm } from './export-form.js';
import { defaultExportForm, settingsFromForm } from './export-form.js';
import { formWithProfile } from './export-profile.js';
import { withExplicitWords } from '../../../common/export/explicit-words.js';
import { selectExplicitWords } from '../../stores/settings-store.js';
import { useSettingsStore } from '../../stores/stores-context.js';
import { withSourceContainer } from './video-container-default.js';

/**
 * A project with a reference video is exported, first of all, as that video with its new soundtrack, levelled to
 * the broadcast norm (EBU R128, −23 LUFS) that video platforms and broadcasters expect, not to a podcast's −16.
 */
const defaultVideoExportForm: ExportForm = { ...defaultExportForm, mode: 'video', loudness: 'broadcast' };

/**
 * Remembered for the next export in this session (people export the same way again and again), once for projects
 * with a reference video and once for those without: an audio book's choices must not turn a video's export into
 * a mixed file, nor the other way round.
 */
const lastForms: Record<'audio' | 'video', ExportForm> = {
  audio: defaultExportForm,
  video: defaultVideoExportForm,
};
/** The form of the dialog open now (or last open). */
let shownForm: ExportForm = defaultExportForm;

/**
 * The form as the user last left it in this session. Read when an answer arrives after the dialog opened (the
 * default folder), where the form the dialog rendered with may already be out of date.
 */
export function lastExportForm(): ExportForm {
  return shownForm;
}

/**
 * The export dialog's form (format, loudness, tags, mode) and the cover the user picked, with the settings they
 * make. Each change is remembered for the next export of a project of the same kind (with or without a video) and
 * reported to `onChange` (the destination follows the format's extension). A video's container opens on the
 * reference video's own when that is WebM (`withSourceContainer`).
 */
export function useExportForm(
  chapterCount: number,
  videoPath: string | undefined,
  onChange: (next: ExportForm) => void,
) {
  const kind = videoPath !== undefined ? 'video' : 'audio';
  const [form, setForm] = useState<ExportForm>(() => {
    shownForm = withSourceContainer(lastForms[kind], videoPath);
    lastForms[kind] = shownForm;
    return shownForm;
  });
  const [cover, setCover] = useState<File | null>(null);
  // The retail sample is checked for the words of the user's list (Settings → Explicit words).
  const explicitWords = useSettingsStore(selectExplicitWords);
  const settings = useMemo(() => {
    const result = settingsFromForm(form, chapterCount);
    return result.ok ? { ...result, settings: withExplicitWords(result.settings, explicitWords) } : result;
  }, [form, chapterCount, explicitWords]);

  const update = <K extends keyof ExportForm>(key: K, value: ExportForm[K]): void => {
    // A profile fills the fields it rules on at once (one update each would overwrite the last).
    const next =
      key === 'profile' ? formWithProfile(form, value as ExportForm['profile']) : { ...form, [key]: value };
    lastForms[kind] = next;
    shownForm = next;
    setForm(next);
    onChange(next);
  };

  return { form, settings, cover, setCover, update };
}
