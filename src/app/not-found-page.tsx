import { Link } from 'react-router';
import { EmptyState } from '../ui/empty-state';

export function NotFoundPage() {
  return (
    <EmptyState title="There is nothing at this address">
      <p>
        <Link to="/">Go to your tasks</Link>
      </p>
    </EmptyState>
  );
}
