import type { Theme } from '../../../common/settings/settings-schema.js';
import { themeSchema } from '../../../common/settings/settings-schema.js';
import { timbre } from '../../bridge/timbre-client.js';
import { useNoticeStore } from '../../stores/notice-store.js';
import { selectTheme, useSettingsStore } from '../../stores/settings-store.js';

const themeLabels: Record<Theme, string> = { system: 'Follow the system', light: 'Light', dark: 'Dark' };

export function AppearanceSection() {
  const theme = useSettingsStore(selectTheme);
  const change = (value: string): void => {
    const parsed = themeSchema.safeParse(value);
    if (!parsed.success) return;
    timbre()
      .invoke('settings.setTheme', { theme: parsed.data })
      .then((view) => useSettingsStore.getState().setView(view))
      .catch((error: unknown) => useNoticeStore.getState().showError(error));
  };
  return (
    <section className="card">
      <h2>Appearance</h2>
      <label className="field">
        <span>Theme</span>
        <select data-testid="theme-select" value={theme} onChange={(event) => change(event.target.value)}>
          {themeSchema.options.map((option) => (
            <option key={option} value={option}>
              {themeLabels[option]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
