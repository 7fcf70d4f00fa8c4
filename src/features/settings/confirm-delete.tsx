import { useEffect, useRef, useState } from 'react';
import type { DispatchResult } from '../../dispatcher/dispatch-types';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';

export interface ConfirmDeleteProps {
  question: string;
  confirmLabel: string;
  onConfirm: () => Promise<DispatchResult>;
  onDeleted: () => void;
  onCancel: () => void;
}

/** The second step of a delete: says what will happen; Cancel has focus so Enter is safe. */
export function ConfirmDelete({
  question,
  confirmLabel,
  onConfirm,
  onDeleted,
  onCancel,
}: ConfirmDeleteProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    groupRef.current?.querySelector<HTMLElement>('[data-focus="cancel"]')?.focus();
  }, []);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    const result = await onConfirm();
    setBusy(false);
    if (result.success) onDeleted();
    else setError(result.output);
  }

  return (
    <div ref={groupRef} className="confirm-delete stack" role="group" aria-label="Confirm deletion">
      <p>{question}</p>
      {error && <Notice tone="error">{error}</Notice>}
      <div className="row settings__actions">
        <Button variant="danger" onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
        <Button data-focus="cancel" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
