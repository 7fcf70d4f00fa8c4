import { Link } from 'react-router';

/** For a link to a task that was deleted, or never existed on this device. */
export function TaskNotFound() {
  return (
    <section className="task-not-found card stack" aria-labelledby="task-not-found-heading">
      <h1 id="task-not-found-heading">This task does not exist</h1>
      <p>It may have been deleted, here or in another tab, or the link is mistyped.</p>
      <p>
        <Link to="/" className="button button--primary">
          Back to tasks
        </Link>
      </p>
    </section>
  );
}
