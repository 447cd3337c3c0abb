import { AppearanceSection } from './AppearanceSection.js';
import { AudioCacheSection } from './AudioCacheSection.js';
import { ChecksSection } from './ChecksSection.js';
import { ServicesSection } from './ServicesSection.js';

export function SettingsPage() {
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <ServicesSection />
      <ChecksSection />
      <AudioCacheSection />
      <AppearanceSection />
    </div>
  );
}
