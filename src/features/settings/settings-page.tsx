/** /settings: the catalogue (categories, labels), export and import, and storage. */
import { CategorySection } from './category-section';
import { ExportImportSection } from './export-import-section';
import { LabelSection } from './label-section';
import { StorageSection } from './storage-section';
import './settings.css';

export function SettingsPage() {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <div className="settings__grid">
        <CategorySection />
        <LabelSection />
        <ExportImportSection />
        <StorageSection />
      </div>
    </div>
  );
}
