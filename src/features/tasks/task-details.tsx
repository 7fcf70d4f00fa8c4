export function TaskDetails({ taskId }: { taskId: string }) {
  return <h1>Task {taskId}</h1>;
}
