import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readDefaultAgent } from '../../db/agent-config';
import { getDatabase } from '../../db/connection';
import { deviceTimeZone } from '../../domain/agent-schedule';
import { ScheduleSetting } from './schedule-setting';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
});
afterEach(() => cleanup());

const form = () => screen.getByRole('form', { name: 'Scheduled review' });

describe('Settings › Agent › Scheduled review', () => {
  it('says there is none yet, and saves a daily time with this device’s time zone', async () => {
    render(<ScheduleSetting saved={undefined} />);
    expect(form()).toHaveTextContent('No scheduled review yet.');
    const time = screen.getByLabelText('At (your time)');
    expect(time).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Review my open tasks every day' }));
    await userEvent.clear(time);
    await userEvent.type(time, '06:45');
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));

    const zone = deviceTimeZone();
    expect(
      await screen.findByText(
        `Saved: the agent reviews your open tasks every day at 06:45 (${zone}).`,
      ),
    ).toHaveAttribute('role', 'status');
    expect((await readDefaultAgent(getDatabase()))?.schedule).toMatchObject({
      enabled: true,
      time: '06:45',
      timeZone: zone,
    });
  });

  it('asks for a time in words when there is none, and saves nothing', async () => {
    render(<ScheduleSetting saved={undefined} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Review my open tasks every day' }));
    await userEvent.clear(screen.getByLabelText('At (your time)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter a time of day, for example 07:00.',
    );
    expect(screen.getByLabelText('At (your time)')).toHaveAttribute('aria-invalid', 'true');
    expect((await readDefaultAgent(getDatabase()))?.schedule).toBeUndefined();
  });

  it('says when the saved schedule is in another time zone than this device', () => {
    render(
      <ScheduleSetting
        saved={{
          enabled: true,
          time: '07:00',
          timeZone: deviceTimeZone() === 'Pacific/Auckland' ? 'Europe/Berlin' : 'Pacific/Auckland',
          since: '2026-11-27T00:00:00.000Z',
        }}
      />,
    );
    expect(form()).not.toHaveTextContent('No scheduled review yet.');
    expect(form()).toHaveTextContent(
      /Saved for .+; this device is in .+, which saving again uses\./,
    );
  });
});
