import { createBrowserRouter } from 'react-router';
import { ActivityPage } from '../features/activity/activity-page';
import { ReviewPage } from '../features/review/review-page';
import { SettingsPage } from '../features/settings/settings-page';
import { TaskListPage } from '../features/tasks/task-list-page';
import { AppShell } from './app-shell';
import { NotFoundPage } from './not-found-page';
import { TaskRoute } from './task-route';

export const router = createBrowserRouter([
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <TaskListPage /> },
      { path: 'tasks/:taskId', element: <TaskRoute /> },
      { path: 'review', element: <ReviewPage /> },
      { path: 'activity', element: <ActivityPage /> },
      { path: 'settings', element: <SettingsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
