import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '../../db/connection';
import { readSetting } from '../../db/settings';
import { NotificationsSection } from './notifications-section';

const OPT_IN = 'Tell me when proposals arrive from another device';

/** The browser's Notification as far as the section uses it: its permission and the ask. */
function stubNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    stub.permission = answer;
    return answer;
  });
  const stub = { permission, requestPermission };
  vi.stubGlobal('Notification', stub);
  return requestPermission;
}

const stored = () => readSetting<boolean>(getDatabase(), 'notifyOnArrival');

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await getDatabase().settings.delete('notifyOnArrival');
});

describe('NotificationsSection', () => {
  it('asks for permission only when turned on, after saying what it will show', async () => {
    const ask = stubNotification('default', 'granted');
    render(<NotificationsSection />);
    const box = await screen.findByRole('checkbox', { name: OPT_IN });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).toHaveAccessibleDescription(/how many changes wait and the task’s title/);
    expect(ask).not.toHaveBeenCalled();

    await userEvent.click(box);
    expect(ask).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(box).toBeChecked());
    expect(await stored()).toBe(true);
  });

  it('says in words how to allow them when the browser refuses, and stays off', async () => {
    stubNotification('default', 'denied');
    render(<NotificationsSection />);
    const box = await screen.findByRole('checkbox', { name: OPT_IN });
    await waitFor(() => expect(box).toBeEnabled());
    await userEvent.click(box);
    expect(
      await screen.findByText(
        /blocked for Countersign in this browser\. Allow them in the browser’s site settings/,
      ),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(await stored()).toBeUndefined();
  });

  it('says the Review badge still counts where the browser has no notifications', async () => {
    render(<NotificationsSection />);
    expect(
      await screen.findByText(/cannot show notifications\. The Review badge still counts/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
