/** public/notification-click.js, the service worker's handler for a tapped notification. */
import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/notification-click.js?raw';

function workerWith(windows: { url: string }[]) {
  let handler: ((event: unknown) => void) | undefined;
  const navigate = vi.fn(async () => null);
  const clients = windows.map((window) => ({
    ...window,
    navigate,
    focus: vi.fn(async () => null),
  }));
  const worker = {
    location: { origin: 'https://app.example' },
    addEventListener: (_type: string, listener: (event: unknown) => void) => (handler = listener),
    clients: {
      matchAll: vi.fn(async () => clients),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', source)(worker);
  const tap = async (data: unknown) => {
    let done: Promise<unknown> = Promise.resolve();
    const close = vi.fn();
    handler!({
      notification: { data, close },
      waitUntil: (promise: Promise<unknown>) => (done = promise),
    });
    await done;
    expect(close).toHaveBeenCalled();
  };
  return { worker, navigate, tap };
}

describe('a tapped notification', () => {
  it('opens its task in the window already open', async () => {
    const { navigate, tap } = workerWith([{ url: 'https://app.example/review' }]);
    await tap({ path: '/tasks/t1' });
    expect(navigate).toHaveBeenCalledWith('https://app.example/tasks/t1');
  });

  it('opens a new window when none is open', async () => {
    const { worker, tap } = workerWith([]);
    await tap({ path: '/tasks/t2' });
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://app.example/tasks/t2');
  });

  it('never leaves the app, whatever the notification carries', async () => {
    const { worker, tap } = workerWith([]);
    for (const path of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', 7]) {
      await tap({ path });
    }
    for (const [href] of worker.clients.openWindow.mock.calls as unknown as [string][]) {
      expect(href).toBe('https://app.example/');
    }
  });
});
