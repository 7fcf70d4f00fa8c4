/**
 * A notice that offers one way out ("Allow the agent on Work"): the action runs at once,
 * its button stays put while it runs, and a failure is said under it.
 */
import { useState, type ReactNode } from 'react';
import { Button } from './button';

export interface NoticeAction {
  label: string;
  /** Resolves with an error message to show, or undefined when it worked. */
  run: () => Promise<string | undefined>;
}

export function ActionNotice({
  id,
  action,
  children,
}: {
  id?: string;
  action?: NoticeAction;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run(current: NoticeAction) {
    setBusy(true);
    setError(undefined);
    setError(await current.run());
    setBusy(false);
  }

  return (
    <div className="notice notice--info action-notice" id={id}>
      <div className="action-notice__text">{children}</div>
      {action && (
        <Button
          variant="primary"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void run(action);
          }}
        >
          {action.label}
        </Button>
      )}
      {error && (
        <p className="field__error action-notice__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
