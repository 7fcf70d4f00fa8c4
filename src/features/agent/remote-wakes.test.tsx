import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAgentReadyTask } from '../../../test/support/test-database';
import { getDatabase } from '../../db/connection';
import { PROGRESS_SILENCE_MS } from '../../sync/claims/lease';
import { AgentPanel } from './agent-panel';
import { useRemoteWakesStore } from './remote-wakes-store';
import { listensWith } from './use-remote-wakes';

let taskId: string;

beforeEach(async () => {
  useRemoteWakesStore.getState().clear();
  await getDatabase().delete();
  await getDatabase().open();
  ({ taskId } = await createAgentReadyTask(getDatabase()));
});
afterEach(() => cleanup());

const heard = (turn: number, heardAt = Date.now()) =>
  act(() =>
    useRemoteWakesStore
      .getState()
      .heard(taskId, { deviceId: 'home', deviceName: 'home-server', turn, heardAt }),
  );

it('says which device works on the task, turn by turn, and holds the Wake button meanwhile', async () => {
  render(
    <MemoryRouter>
      <AgentPanel taskId={taskId} />
    </MemoryRouter>,
  );
  await screen.findByRole('button', { name: 'Wake agent' });
  heard(0);
  expect(screen.getByRole('status')).toHaveTextContent(
    'The agent on home-server is working on this task.',
  );
  heard(2);
  expect(screen.getByRole('status')).toHaveTextContent(
    'The agent on home-server is working on this task: turn 2.',
  );
  expect(screen.getByRole('button', { name: 'Wake agent' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );

  // Its end from another device leaves the task; so does the end of the one working on it.
  act(() => useRemoteWakesStore.getState().ended(taskId, 'another'));
  expect(screen.getByRole('status')).toHaveTextContent('turn 2');
  act(() => useRemoteWakesStore.getState().ended(taskId, 'home'));
  expect(screen.getByRole('status')).not.toHaveTextContent('home-server');
  expect(screen.getByRole('button', { name: 'Wake agent' })).not.toHaveAttribute('aria-disabled');
});

it('forgets a wake nothing was heard of for a while (its device crashed)', () => {
  const now = Date.now();
  heard(1, now - PROGRESS_SILENCE_MS);
  act(() => useRemoteWakesStore.getState().forgetSilent(now));
  expect(useRemoteWakesStore.getState().byTask).toEqual({});
  heard(1, now - 1_000);
  act(() => useRemoteWakesStore.getState().forgetSilent(now));
  expect(Object.keys(useRemoteWakesStore.getState().byTask)).toEqual([taskId]);
});

it('keeps listening while a page’s runtime reconnects, and stops when sync is off or offline', () => {
  const stored = { url: 'ws://sync', user: 'alice', enabled: true };
  const status = (phase: 'connecting' | 'connected' | 'offline' | 'error') => ({
    phase,
    message: '',
    at: '',
  });
  const connected = listensWith(stored, status('connected'));
  expect(connected).toBeDefined();
  // Same key through "connecting": the listener is not restarted, what was heard stays.
  expect(listensWith(stored, status('connecting'))).toBe(connected);
  expect(listensWith(stored, status('offline'))).toBeUndefined();
  expect(listensWith(stored, status('error'))).toBeUndefined();
  expect(listensWith({ ...stored, enabled: false }, status('connected'))).toBeUndefined();
});
