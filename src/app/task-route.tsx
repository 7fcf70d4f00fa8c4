/** /tasks/:taskId composes the task's slices; features never import each other, so they meet here. */
import { useParams } from 'react-router';
import { JournalEntries } from '../features/journal/journal-entries';
import { TaskDetails } from '../features/tasks/task-details';

export function TaskRoute() {
  const { taskId = '' } = useParams();
  return (
    <div className="task-route">
      <TaskDetails taskId={taskId} />
      <JournalEntries taskId={taskId} />
    </div>
  );
}
