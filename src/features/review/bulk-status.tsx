/** Confirm all's progress ("Applying 3 of 7…") while it runs, then the service's summary. */
import { Button } from '../../ui/button';
import type { BulkState } from './use-review-actions';

export function BulkStatus({ state, onDismiss }: { state: BulkState; onDismiss(): void }) {
  if (state.progress) {
    const { done, total } = state.progress;
    return (
      <div className="review-progress" role="status">
        <span>
          Applying {Math.min(done + 1, total)} of {total}…
        </span>
        <progress value={done} max={Math.max(total, 1)} aria-hidden="true" />
      </div>
    );
  }
  if (!state.summary) return null;
  const { message, tone } = state.summary;
  return (
    <div
      className={`notice notice--${tone} review-summary`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <span>{message}</span>
      <Button size="small" variant="quiet" aria-label="Dismiss summary" onClick={onDismiss}>
        <span aria-hidden="true">✕</span>
      </Button>
    </div>
  );
}
