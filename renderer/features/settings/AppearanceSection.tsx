import type { Theme } from '../../../common/settings/settings-schema.js';
import { themeSchema } from '../../../common/settings/settings-schema.js';
import { selectTheme } from '../../stores/settings-store.js';
import { useAppStores, useSettingsStore } from '../../stores/stores-context.js';

const themeLabels: Record<Theme, string> = { system: 'Follow the system', light: 'Light', dark: 'Dark' };

export function AppearanceSection() {
  const stores = useAppStores();
  const theme = useSettingsStore(selectTheme);
  const change = (value: string): void => {
    const parsed = themeSchema.safeParse(value);
    if (!parsed.success) return;
    stores.client
      .invoke('settings.setTheme', { theme: parsed.data })
      .then((view) => stores.settings.getState().setView(view))
      .catch((error: unknown) => stores.notices.getState().showError(error));
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
