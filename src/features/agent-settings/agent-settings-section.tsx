/**
 * The agent's part of /settings (id "agent", so /settings#agent lands here): which model
 * it uses, which categories it may act on, automatic wakes and proposal expiry, the rules
 * the person made from their decisions, and how its proposals and wakes went.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { getDatabase } from '../../db/connection';
import { readAgentSettings } from '../../db/queries/agent';
import { AGENT_SETTINGS_ANCHOR } from '../../ui/app-paths';
import { AgentStatsSection } from './agent-stats-section';
import { AllowedCategoriesField } from './allowed-categories-field';
import { AutoWakeSetting } from './auto-wake-setting';
import { ModelCheck } from './model-check';
import { ProviderForm } from './provider-form';
import { RulesSection } from './rules-section';
import { ScheduleSetting } from './schedule-setting';
import { TtlSetting } from './ttl-setting';
import './agent-settings.css';

export function AgentSettingsSection() {
  const headingId = useId();
  const settings = useLiveQuery(() => readAgentSettings(getDatabase()), []);

  return (
    <section
      id={AGENT_SETTINGS_ANCHOR}
      className="card stack agent-settings"
      aria-labelledby={headingId}
    >
      <h2 id={headingId} tabIndex={-1}>
        Agent
      </h2>
      <p className="muted agent-settings__intro">
        The agent reads a task and its journal and proposes changes; nothing changes until you
        confirm. Choose the model it uses and the tasks it may work on.
      </p>
      {settings === undefined ? (
        <p className="muted" aria-busy="true">
          Loading agent settings…
        </p>
      ) : (
        <div className="agent-settings__groups">
          {/* The form keeps its own draft: saves in other tabs do not overwrite what is typed. */}
          <ProviderForm saved={settings.provider} />
          <div className="stack agent-settings__column">
            <AllowedCategoriesField />
            <AutoWakeSetting enabled={settings.autoWake} />
            <TtlSetting saved={settings.ttlDays} />
            <ScheduleSetting saved={settings.schedule} />
          </div>
        </div>
      )}
      {settings && <ModelCheck saved={settings.provider} />}
      <RulesSection />
      <AgentStatsSection />
    </section>
  );
}
