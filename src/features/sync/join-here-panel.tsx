/**
 * Join with a code on this device (the first-run screen and Settings → Sync): scan, open
 * the link or paste, and, with no device at hand, the recovery phrase instead. Loaded only
 * when opened.
 */
import { useState } from 'react';
import { Button } from '../../ui/button';
import { joinHere } from './join-actions';
import { JoinWithCodePanel } from './join-with-code-panel';
import { RecoverPanel } from './recover-panel';

export function JoinHerePanel({ initialText }: { initialText?: string | undefined }) {
  const [recovering, setRecovering] = useState(false);
  return (
    <div className="stack">
      <JoinWithCodePanel join={joinHere} {...(initialText ? { initialText } : {})} />
      {recovering ? (
        <RecoverPanel />
      ) : (
        <div className="row">
          <Button variant="quiet" onClick={() => setRecovering(true)}>
            No other device at hand? Use the recovery phrase
          </Button>
        </div>
      )}
    </div>
  );
}
