import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Task } from '../../domain/task';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { useToolCall } from './use-tool-call';

/** Deleting asks once more, in place, then goes back to the list. */
export function DeleteTaskSection({ task }: { task: Task }) {
  const [confirming, setConfirming] = useState(false);
  const { run, error, pending } = useToolCall(task.id);
  const navigate = useNavigate();

  async function remove() {
    if (pending) return;
    const result = await run('delete_task', {});
    if (!result.success) return;
    showToast({ message: `Deleted “${task.title}”.` });
    void navigate('/');
  }

  return (
    <section className="delete-task" aria-label="Delete task">
      {confirming ? (
        <div className="delete-task__confirm card stack" role="group" aria-label="Confirm delete">
          <p>
            Delete “{task.title}” with its checklist? It disappears from your list and from the
            agent’s view.
          </p>
          <div className="row">
            <Button variant="danger" onClick={() => void remove()} autoFocus>
              Yes, delete task
            </Button>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete task
        </Button>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
