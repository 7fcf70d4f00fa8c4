/**
 * /settings: the catalogue (categories, labels), export and import, and storage. Other
 * features' sections (the agent, trusted tools) come in as `children`, listed in `contents`
 * for the page's table of contents: the app composes them, since features never import
 * each other. They come first: setting up the agent is what a new person came here for.
 */
import type { ReactNode } from 'react';
import { useHashTarget } from '../../ui/use-hash-target';
import { CategorySection } from './category-section';
import { ExportImportSection } from './export-import-section';
import { LabelSection } from './label-section';
import { StorageSection } from './storage-section';
import './settings.css';

export interface SettingsEntry {
  /** The section element's id. */
  id: string;
  label: string;
}

const OWN_SECTIONS: SettingsEntry[] = [
  { id: 'categories', label: 'Categories' },
  { id: 'labels', label: 'Labels' },
  { id: 'export-import', label: 'Export and import' },
  { id: 'storage', label: 'Storage' },
];

export function SettingsPage({
  children,
  contents = [],
}: {
  children?: ReactNode;
  contents?: SettingsEntry[];
}) {
  useHashTarget();
  return (
    <div className="settings">
      <h1>Settings</h1>
      <nav className="settings__contents" aria-label="Settings sections">
        <ul>
          {[...contents, ...OWN_SECTIONS].map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`}>{entry.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings__grid">
        {children}
        <CategorySection />
        <LabelSection />
        <ExportImportSection />
        <StorageSection />
      </div>
    </div>
  );
}
