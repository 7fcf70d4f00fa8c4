/**
 * /settings: the catalogue (categories, labels), export and import, and storage. Other
 * features' sections (the agent, trusted tools) come in as `children`: the app composes
 * them, since features never import each other.
 */
import type { ReactNode } from 'react';
import { CategorySection } from './category-section';
import { ExportImportSection } from './export-import-section';
import { LabelSection } from './label-section';
import { StorageSection } from './storage-section';
import './settings.css';

export function SettingsPage({ children }: { children?: ReactNode }) {
  return (
    <div className="settings">
      <h1>Settings</h1>
      <div className="settings__grid">
        <CategorySection />
        <LabelSection />
        {children}
        <ExportImportSection />
        <StorageSection />
      </div>
    </div>
  );
}
