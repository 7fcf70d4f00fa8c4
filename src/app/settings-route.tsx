/** /settings: the journal's settings plus the agent's and review's own sections, composed here. */
import { AgentSettingsSection } from '../features/agent-settings/agent-settings-section';
import { TrustedToolsSection } from '../features/agent-settings/trusted-tools-section';
import { NotificationsSection } from '../features/notify/notifications-section';
import { SettingsPage } from '../features/settings/settings-page';
import { SyncSettingsSection } from '../features/sync/sync-settings-section';
import { AGENT_SETTINGS_ANCHOR } from '../ui/app-paths';

const CONTENTS = [
  { id: AGENT_SETTINGS_ANCHOR, label: 'Agent' },
  { id: 'trusted-tools', label: 'Trusted tools' },
  { id: 'sync', label: 'Sync' },
  { id: 'notifications', label: 'Notifications' },
];

export function SettingsRoute() {
  return (
    <SettingsPage contents={CONTENTS}>
      <AgentSettingsSection />
      <TrustedToolsSection />
      <SyncSettingsSection />
      <NotificationsSection />
    </SettingsPage>
  );
}
