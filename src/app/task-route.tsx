/**
 * /tasks/:taskId composes the task's slices (features never import each other, so they meet
 * here). The proposals come first: right under the task's title on a tablet in portrait and
 * on a phone, after the agent; from 1024 px on (a tablet in landscape) they have a pane of
 * their own beside the task, and the agent stands with the task, under its title, so at
 * least three proposals show at once. While a wake runs, the card keeps room for the
 * proposals, so what arrives does not push the fields under a finger.
 */
import { useParams } from 'react-router';
import { AgentPanel } from '../features/agent/agent-panel';
import { useTaskWake } from '../features/agent/wake-progress-store';
import { JournalEntries } from '../features/journal/journal-entries';
import { ChangeHistory } from '../features/review/history/change-history';
import { ProposedChangesCard } from '../features/review/card/proposed-changes-card';
import { TaskDetails, TaskHeader } from '../features/tasks/task-details';

export function TaskRoute() {
  const { taskId = '' } = useParams();
  const wake = useTaskWake(taskId);
  return (
    <div className="task-route">
      <div className="task-route__header">
        <TaskHeader taskId={taskId} />
      </div>
      <div className="task-route__agent">
        <AgentPanel taskId={taskId} />
      </div>
      <div className="task-route__review">
        <ProposedChangesCard taskId={taskId} agentWorking={wake?.status === 'running'} />
        <ChangeHistory taskId={taskId} />
      </div>
      <div className="task-route__task">
        <TaskDetails taskId={taskId} />
        <JournalEntries taskId={taskId} />
      </div>
    </div>
  );
}
