import { Button } from '../../ui/button';

/**
 * Stands in for the quick-create form while its code arrives (see task-list-page.tsx):
 * the same boxes, inert and hidden from assistive technology, so the list below does not
 * jump when the real form replaces it.
 */
export function QuickCreatePlaceholder() {
  return (
    <div className="quick-create" aria-hidden="true" inert>
      <div className="field quick-create__field">
        <span className="field__label">New task</span>
        <input className="field__control" placeholder="What needs doing?" disabled />
      </div>
      <Button variant="primary" className="quick-create__submit" disabled>
        Add task
      </Button>
    </div>
  );
}
