import { AppearanceSection } from './AppearanceSection.js';
import { AudioCacheSection } from './AudioCacheSection.js';
import { ChecksSection } from './ChecksSection.js';
import { ExplicitWordsSection } from './ExplicitWordsSection.js';
import { GenerationSection } from './GenerationSection.js';
import { ServicesSection } from './ServicesSection.js';
import { DataFolderSection } from './DataFolderSection.js';
import { StandinVoicesSection } from './StandinVoicesSection.js';
import { KeyboardShortcutsSection } from './KeyboardShortcutsSection.js';
import { UpdatesSection } from './UpdatesSection.js';
import { CommandLineSection } from './CommandLineSection.js';
import { HelpSection } from './HelpSection.js';

export function SettingsPage() {
  return (
    <div className="settings-page">
      <h1>Settings</h1>
      <ServicesSection />
      <StandinVoicesSection />
      <GenerationSection />
      <ChecksSection />
      <ExplicitWordsSection />
      <AudioCacheSection />
      <DataFolderSection />
      <UpdatesSection />
      <CommandLineSection />
      <AppearanceSection />
      <KeyboardShortcutsSection />
      <HelpSection />
    </div>
  );
}
