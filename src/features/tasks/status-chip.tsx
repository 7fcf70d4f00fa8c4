import type { TaskStatus } from '../../domain/task';

/** The status as a coloured chip; the colour repeats the word, it never replaces it. */
export function StatusChip({ status }: { status: TaskStatus }) {
  const modifier = status.toLowerCase().replace(' ', '-');
  return <span className={`chip status-chip status-chip--${modifier}`}>{status}</span>;
}
