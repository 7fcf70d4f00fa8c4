/**
 * The app's routes. Declarative routing (<Routes> inside the <BrowserRouter> of main.tsx):
 * the app uses no loaders, actions or blockers, and the data router behind them would
 * add about 16 kB (gzip) to the first page.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useReducer,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { getDatabase } from '../db/connection';
import { preloadTaskListData } from '../db/queries/tasks';
import { TASK_PAGE_SIZE } from '../features/tasks/task-list';
import { preloadQuickCreateForm, TaskListPage } from '../features/tasks/task-list-page';
import { JoinWithCode } from '../features/sync/join-section';
import { WelcomeCard } from '../features/welcome/welcome-card';
import { AppShell } from './app-shell';
import { FailureCard } from './failure-card';
import { NotFoundPage } from './not-found-page';

/**
 * What a lazy page shows when its code cannot be fetched (offline before the app was
 * cached, or a new version deployed meanwhile) or it fails to render: words and a way
 * out, instead of an empty screen.
 */
class PageFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // Named, so a failure seen on someone's device can be told apart from a lost download.
    console.error('Countersign: a page could not be shown.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <FailureCard title="This page could not be opened">
        <p>
          Countersign could not load or show it. If you are offline, reconnect first. Your journal
          is safe: nothing was changed.
        </p>
      </FailureCard>
    );
  }
}

const loadingLine = (
  <p className="muted" role="status" aria-busy="true">
    Loading…
  </p>
);

/**
 * A page whose code is fetched when it is first visited. The shell, the task list and the
 * not-found page ship with the app; the other pages (and what only they use: the write
 * path's editors, the audit queries, import and export) load on demand, behind a one-line
 * placeholder. Navigations are transitions, so moving between pages keeps the old one on
 * screen until the new one can render, without a placeholder.
 */
function lazyPage(path: string, load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const lazyLoaded = () => lazy(() => preload().then((component) => ({ default: component })));
  const preload = () => {
    if (!loading) {
      loading = load().then((component) => (loaded = component));
      // A failed download is not remembered: the next visit tries again (React.lazy
      // keeps a rejection for good, so the next visit gets a fresh one).
      loading.catch(() => {
        loading = undefined;
        LazyPage = lazyLoaded();
      });
    }
    return loading;
  };
  let LazyPage = lazyLoaded();
  // Opened at this page (a reload, a shared link): fetch its code while the journal opens,
  // rather than after the storage gate lets the route render.
  const openedHere = typeof window !== 'undefined' && matchPath(path, window.location.pathname);
  if (openedHere) void preload();

  function Page() {
    const [, settled] = useReducer((count: number) => count + 1, 0);
    const Loaded = loaded;
    // The code asked for at start-up is awaited outside Suspense: once a Suspense
    // placeholder is on screen, React holds the page back for up to 300 ms after its code
    // arrives. (If that download failed, `loading` is cleared and the lazy page retries.)
    const startupLoad = Loaded === undefined && openedHere ? loading : undefined;
    useEffect(() => {
      void startupLoad?.then(settled, settled);
    }, [startupLoad]);
    if (Loaded) return <Loaded />;
    return startupLoad ? loadingLine : <LazyPage />;
  }

  return {
    path,
    element: (
      <PageFailure>
        <Suspense fallback={loadingLine}>
          <Page />
        </Suspense>
      </PageFailure>
    ),
  };
}

// Opened at the task list: its rows are read as soon as the journal is open, and the code
// of its form is fetched meanwhile.
if (typeof window !== 'undefined' && matchPath('/', window.location.pathname)) {
  preloadTaskListData(getDatabase(), TASK_PAGE_SIZE);
  void preloadQuickCreateForm().catch(() => undefined);
}

const LAZY_PAGES = [
  lazyPage('/tasks/:taskId', () => import('./task-route').then((module) => module.TaskRoute)),
  lazyPage('/review', () => import('./review-route').then((module) => module.ReviewRoute)),
  lazyPage('/activity', () =>
    import('../features/activity/activity-page').then((module) => module.ActivityPage),
  ),
  lazyPage('/settings', () => import('./settings-route').then((module) => module.SettingsRoute)),
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<AppShell />}>
        <Route
          index
          element={
            <>
              <WelcomeCard
                join={
                  <JoinWithCode intro="Already keep this journal on another device? Join it with the code that device shows in Settings → Sync → Add a device." />
                }
              />
              <TaskListPage />
            </>
          }
        />
        {LAZY_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={page.element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
