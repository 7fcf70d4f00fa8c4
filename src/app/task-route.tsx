/** /tasks/:taskId composes the task's slices; features never import each other, so they meet here. */
import { useParams } from 'react-router';
import { AgentPanel } from '../features/agent/agent-panel';
import { JournalEntries } from '../features/journal/journal-entries';
import { ChangeHistory } from '../features/review/change-history';
import { ProposedChangesCard } from '../features/review/proposed-changes-card';
import { TaskDetails } from '../features/tasks/task-details';

export function TaskRoute() {
  const { taskId = '' } = useParams();
  return (
    <div className="task-route">
      <TaskDetails taskId={taskId} />
      <ProposedChangesCard taskId={taskId} />
      <AgentPanel taskId={taskId} />
      <ChangeHistory taskId={taskId} />
      <JournalEntries taskId={taskId} />
    </div>
  );
}
