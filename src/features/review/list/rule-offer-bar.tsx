/**
 * A rule the person's decisions just earned, offered once: "Stop proposing
 * ‹kind› for ‹category›?" creates a suppression rule (journal data, through dispatch());
 * "Apply ‹kind› without asking?" sets the trusted-tool rule. It follows the list, in its
 * flow: over nothing (fixed at the bottom, it covered the buttons of the rows under it),
 * and nothing above it moves when it comes. Its question is announced, as it may be below
 * the screen's edge.
 */
import { useId, useState } from 'react';
import { getDatabase } from '../../../db/connection';
import { acceptTrustOffer, type RuleOffer } from '../../../confirmation/rule-offers';
import { userEdit } from '../../../dispatcher/user-edit';
import { Button } from '../../../ui/button';
import { showToast } from '../../../ui/toast-store';

async function accept(offer: RuleOffer): Promise<string> {
  if (offer.type === 'trust') {
    await acceptTrustOffer(getDatabase(), offer.toolName);
    return 'Done: these changes now apply without asking. Change it in Settings → Agent.';
  }
  const result = await userEdit('create_suppression_rule', {
    toolName: offer.toolName,
    categoryId: offer.categoryId,
    ...(offer.labelId ? { labelId: offer.labelId } : {}),
    origin: offer.origin,
  });
  return result.success
    ? `${result.output} Delete the rule in Settings → Agent.`
    : `The rule was not made: ${result.output}`;
}

export function RuleOfferBar({ offer, onDone }: { offer: RuleOffer; onDone(): void }) {
  const questionId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <section className="rule-offer" aria-labelledby={questionId}>
      <p id={questionId} className="rule-offer__question" role="status">
        {offer.question}
      </p>
      <div className="rule-offer__actions">
        <Button
          variant="primary"
          size="small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void accept(offer)
              .catch((error: unknown) => `That did not work: ${String(error)}`)
              .then((message) => {
                showToast({ message });
                onDone();
              });
          }}
        >
          {offer.type === 'trust' ? 'Apply without asking' : 'Stop proposing'}
        </Button>
        <Button size="small" disabled={busy} onClick={onDone}>
          Not now
        </Button>
      </div>
    </section>
  );
}
