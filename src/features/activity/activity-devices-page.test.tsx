/**
 * Another device's decision on the Activity page: an article whose heading says who
 * decided what on which device, with how it was made; the Device and Period filters are
 * labelled selects that find it or leave it out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { propose } from '../../../test/support/proposals';
import { createAgentReadyTask } from '../../../test/support/test-database';
import { confirmItem } from '../../confirmation/confirm-item';
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { ActivityPage } from './activity-page';

const TABLET = 'tablet-4f2a9c';
// Proposed here, decided there: the heading names both devices.
const HEADING =
  'Confirmed on Device tablet: Set estimate to 30 minutes · proposed by the agent on This device';

beforeEach(async () => {
  await getDatabase().delete();
  await getDatabase().open();
  // The device id is kept per database object: the emptied database is still this device.
  await getDatabase().settings.put({ key: 'deviceId', value: await getDeviceId(getDatabase()) });
});
afterEach(() => cleanup());

/** A confirmation made on the tablet ten minutes ago, as sync left it here. */
async function confirmedOnTablet() {
  const db = getDatabase();
  const { taskId } = await createAgentReadyTask(db);
  const set = await propose(db, taskId, [{ name: 'update_task_estimate', args: { minutes: 30 } }]);
  const decidedAt = new Date(Date.now() - 10 * 60_000);
  const result = await confirmItem(db, set.id, 0, { method: 'swipe', now: () => decidedAt });
  const decision = (await db.decisions.get(result.decisionId!))!;
  await db.decisions.put({ ...decision, deviceId: TABLET });
  await db.auditMessages.where('operationId').equals(decision.operationId!).delete();
  return decidedAt;
}

describe('Activity across devices', () => {
  it('shows another device’s decision as an article with its device, time and how', async () => {
    const decidedAt = await confirmedOnTablet();
    render(
      <MemoryRouter initialEntries={['/activity']}>
        <ActivityPage />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('article', { name: HEADING });
    expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(HEADING);
    expect(within(card).getByText('Swiped')).toBeInTheDocument();
    expect(card.querySelector('time')).toHaveAttribute('datetime', decidedAt.toISOString());

    await userEvent.selectOptions(screen.getByLabelText('Device'), 'This device');
    expect(await screen.findByText(/Showing/)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: HEADING })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Device'), 'Device tablet');
    expect(await screen.findByRole('article', { name: HEADING })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 24 hours');
    expect(await screen.findByRole('article', { name: HEADING })).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveDisplayValue('Last 24 hours');
  });
});
