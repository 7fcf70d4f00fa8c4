import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * An operation id in full (it sits behind "Details", where it is looked for, not read),
 * with a button that copies it.
 */
export function OperationId({ operationId }: { operationId: string }) {
  const [copyState, setCopyState] = useState<CopyState>('idle');
  // Insecure origins and old browsers have no clipboard API: then there is no button.
  const canCopy = typeof navigator !== 'undefined' && navigator.clipboard !== undefined;

  useEffect(() => {
    if (copyState === 'idle') return;
    const timer = setTimeout(() => setCopyState('idle'), 2_000);
    return () => clearTimeout(timer);
  }, [copyState]);

  const copy = () =>
    navigator.clipboard.writeText(operationId).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );

  return (
    <span className="activity-operation">
      <code>{operationId}</code>
      {canCopy && (
        <Button
          size="small"
          variant="quiet"
          className="activity-operation__copy"
          aria-label="Copy the operation id"
          onClick={() => void copy()}
        >
          Copy
        </Button>
      )}
      <span role="status" className="activity-operation__status">
        {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Could not copy' : ''}
      </span>
    </span>
  );
}
