/** Confirm all while it runs ("Applying 7 changes…", one commit), then the service's summary. */
import { Button } from '../../ui/button';
import type { BulkState } from './use-review-actions';

export function BulkStatus({ state, onDismiss }: { state: BulkState; onDismiss(): void }) {
  if (state.progress) {
    const { total } = state.progress;
    return (
      <div className="review-progress" role="status">
        <span>
          Applying {total} change{total === 1 ? '' : 's'}…
        </span>
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
