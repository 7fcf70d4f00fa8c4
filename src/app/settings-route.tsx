/** /settings: the journal's settings plus the agent's and review's own sections, composed here. */
import { AgentSettingsSection } from '../features/agent-settings/agent-settings-section';
import { TrustedToolsSection } from '../features/agent-settings/trusted-tools-section';
import { SettingsPage } from '../features/settings/settings-page';
import { SyncSettingsSection } from '../features/sync/sync-settings-section';

export function SettingsRoute() {
  return (
    <SettingsPage>
      <AgentSettingsSection />
      <TrustedToolsSection />
      <SyncSettingsSection />
    </SettingsPage>
  );
}
