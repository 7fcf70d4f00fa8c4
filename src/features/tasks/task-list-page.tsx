export function TaskListPage() {
  return <h1>TaskListPage</h1>;
}
