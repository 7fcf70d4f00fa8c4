/**
 * For this feature's component tests: the components read the app's one database
 * (getDatabase()), so each test starts from an emptied copy of it, and routes are real
 * enough for links and navigation to be observed.
 */
import { afterEach, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { getDatabase } from '../../db/connection';
import { TaskDetails, TaskHeader } from './task-details';
import { TaskListPage } from './task-list-page';

/** Registers hooks: unmount after each test, and an empty `countersign` database before it. */
export function setUpEmptyAppDatabase(): void {
  beforeEach(async () => {
    const db = getDatabase();
    await db.delete();
    await db.open();
  });
  afterEach(() => cleanup());
}

/** The task page as the app composes it (without the agent and review slices). */
function TaskPageRoute() {
  const { taskId = '' } = useParams();
  return (
    <>
      <TaskHeader taskId={taskId} />
      <TaskDetails taskId={taskId} />
    </>
  );
}

export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<TaskListPage />} />
        <Route path="/tasks/:taskId" element={<TaskPageRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}
