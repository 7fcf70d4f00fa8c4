import { describe, expect, it, vi } from 'vitest';
import { showArrival } from './show-arrival';

const NOTICE = {
  title: '2 changes to review',
  body: 'Proposed for “Fix login”. Tap to review.',
  tag: 'proposals-cs1',
  path: '/tasks/t1',
};

class PageNotification {
  static shown: PageNotification[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    PageNotification.shown.push(this);
  }
}

function browserWith(registration: Partial<ServiceWorkerRegistration> | undefined) {
  PageNotification.shown = [];
  return {
    serviceWorker: { getRegistration: async () => registration as ServiceWorkerRegistration },
    Notification: PageNotification as unknown as typeof Notification,
    focus: vi.fn(),
  };
}

describe('showArrival', () => {
  it('has the service worker show it, with the task to open on a tap', async () => {
    const showNotification = vi.fn(async () => {});
    const browser = browserWith({ active: {} as ServiceWorker, showNotification });
    await showArrival(NOTICE, vi.fn(), browser);
    expect(showNotification).toHaveBeenCalledWith(NOTICE.title, {
      body: NOTICE.body,
      tag: NOTICE.tag,
      icon: '/icons/icon-192.png',
      data: { path: '/tasks/t1' },
    });
    expect(PageNotification.shown).toEqual([]);
  });

  it('shows the page’s own notification without an active worker, or when the worker refuses', async () => {
    for (const registration of [
      undefined,
      { active: null, showNotification: vi.fn() },
      {
        active: {} as ServiceWorker,
        showNotification: vi.fn(() => Promise.reject(new TypeError())),
      },
    ]) {
      const open = vi.fn();
      const browser = browserWith(registration);
      await showArrival(NOTICE, open, browser);
      expect(PageNotification.shown).toHaveLength(1);
      const [shown] = PageNotification.shown;
      shown!.onclick!();
      expect(browser.focus).toHaveBeenCalled();
      expect(open).toHaveBeenCalledWith('/tasks/t1');
      expect(shown!.close).toHaveBeenCalled();
    }
  });

  it('shows nothing, and does not throw, where the browser has no notifications', async () => {
    await expect(
      showArrival(NOTICE, vi.fn(), { focus: vi.fn(), serviceWorker: undefined }),
    ).resolves.toBeUndefined();
  });
});
