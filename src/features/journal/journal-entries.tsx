export function JournalEntries({ taskId }: { taskId: string }) {
  return <h2>Journal for {taskId}</h2>;
}
