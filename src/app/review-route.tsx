/** /review: the inbox, whose empty page offers the agent's setup while none is set up. */
import { ReviewPage } from '../features/review/inbox/review-page';
import { AgentSetupOffer } from '../features/welcome/agent-setup-offer';

export function ReviewRoute() {
  return <ReviewPage nextStep={(openTasks) => <AgentSetupOffer otherwise={openTasks} />} />;
}
