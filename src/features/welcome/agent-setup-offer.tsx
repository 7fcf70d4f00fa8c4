/**
 * Where there is nothing to do yet (the empty Review page): while no agent is set up, the
 * way to set one up; once one is, `otherwise` (the page's own next step).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { AgentSetupActions } from './agent-setup-actions';
import { readAgentSetUp } from './use-try-demo';
import './welcome.css';

export function AgentSetupOffer({ otherwise }: { otherwise: ReactNode }) {
  const setUp = useLiveQuery(readAgentSetUp, []);
  if (setUp === undefined) return null;
  if (setUp) return <>{otherwise}</>;
  return (
    <div className="stack welcome__offer">
      <p>
        No agent is set up yet. Try the scripted demo agent on the sample tasks (it works offline,
        without an account), or connect your own model.
      </p>
      <AgentSetupActions />
    </div>
  );
}
