import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgentReadyTask } from '../../../test/support/test-database';
import { getDatabase } from '../../db/connection';
import { writeSyncConfig } from '../../db/sync-connection';
import { AgentPanel } from './agent-panel';

const wakeClient = vi.hoisted(() => ({ wakeInWorker: vi.fn(), cancelInWorker: vi.fn() }));
vi.mock('../../agent/wake-in-worker', () => wakeClient);
const remote = vi.hoisted(() => ({ askAgentDeviceToWake: vi.fn() }));
vi.mock('../../sync/live/ask-agent-device', () => remote);

let taskId: string;
beforeEach(async () => {
  wakeClient.wakeInWorker.mockReset();
  remote.askAgentDeviceToWake.mockReset();
  await getDatabase().delete();
  await getDatabase().open();
  ({ taskId } = await createAgentReadyTask(getDatabase()));
});
afterEach(() => cleanup());

/** The panel with its data read: until then a tap could not know whether sync is on. */
async function renderPanel() {
  const rendered = render(
    <MemoryRouter initialEntries={[`/tasks/${taskId}`]}>
      <Routes>
        <Route path="/tasks/:id" element={<AgentPanel taskId={taskId} />} />
      </Routes>
    </MemoryRouter>,
  );
  await waitFor(() => expect(document.querySelector('.agent-panel__explanation')).not.toBeNull());
  return rendered;
}

const syncOn = () =>
  writeSyncConfig(getDatabase(), {
    url: 'wss://sync.example.org',
    user: 'alice',
    secret: { kind: 'password', password: 'pw' },
    enabled: true,
  });

describe('Wake agent on a device with no model', () => {
  it('asks the agent device when sync is on, and says which one was asked', async () => {
    await syncOn();
    remote.askAgentDeviceToWake.mockResolvedValue({
      asked: true,
      message: 'Asked the agent on home-server.',
    });
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Wake agent' }));
    expect(
      await screen.findByText(
        'Asked the agent on home-server. Its proposals appear here when it finishes.',
      ),
    ).toBeInTheDocument();
    expect(remote.askAgentDeviceToWake).toHaveBeenCalledWith(getDatabase(), taskId);
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();
  });

  it('explains what to do when no agent device answers, instead of failing', async () => {
    await syncOn();
    remote.askAgentDeviceToWake.mockResolvedValue({
      asked: false,
      message: 'No agent device is online, and this device has no model.',
    });
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Wake agent' }));
    expect(
      await screen.findByText('No agent device is online, and this device has no model.'),
    ).toBeInTheDocument();
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();
  });

  it('wakes here as before when sync is off (the wake then says to choose a model)', async () => {
    wakeClient.wakeInWorker.mockResolvedValue({ status: 'failed', proposed: 0, turns: 0 });
    await renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Wake agent' }));
    expect(wakeClient.wakeInWorker).toHaveBeenCalled();
    expect(remote.askAgentDeviceToWake).not.toHaveBeenCalled();
  });
});
