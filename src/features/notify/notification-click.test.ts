/** public/notification-click.js, the service worker's handler for a tapped notification. */
import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/notification-click.js?raw';

function workerWith(windows: { url: string }[]) {
  let handler: ((event: unknown) => void) | undefined;
  const clients = windows.map((window) => ({
    ...window,
    postMessage: vi.fn(),
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
  return { worker, clients, tap };
}

describe('a tapped notification', () => {
  it('asks the window already open to open its task, and brings it to the front', async () => {
    const { clients, worker, tap } = workerWith([{ url: 'https://app.example/review' }]);
    await tap({ path: '/tasks/t1' });
    expect(clients[0]!.postMessage).toHaveBeenCalledWith({
      type: 'countersign:open',
      path: '/tasks/t1',
    });
    expect(clients[0]!.focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('still asks the window when it may not be focused', async () => {
    const { clients, tap } = workerWith([{ url: 'https://app.example/' }]);
    clients[0]!.focus.mockRejectedValue(new Error('Not allowed to focus a window.'));
    await tap({ path: '/tasks/t3' });
    expect(clients[0]!.postMessage).toHaveBeenCalledWith({
      type: 'countersign:open',
      path: '/tasks/t3',
    });
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
