import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowAgentCategories, createAgentReadyTask } from '../../../test/support/test-database';
import { propose } from '../../../test/support/proposals';
import { scriptedModel } from '../../../test/support/scripted-model';
import { runWake } from '../../agent/run-wake';
import type { WakeProgress } from '../../agent/wake-progress';
import { applyTrustedItems } from '../../confirmation/apply-trusted-items';
import { confirmItem } from '../../confirmation/confirm-item';
import { saveAutoWake, saveProviderSettings } from '../../db/agent-settings';
import { saveTrustedTools } from '../../dispatcher/agent-choices';
import { getDatabase } from '../../db/connection';
import { DEFAULT_AGENT_ID } from '../../domain/agent';
import { wakeRow } from '../../../test/support/factories';
import { dispatch } from '../../dispatcher/dispatch';
import { useAutoWake } from './use-auto-wake';
import { useWakeProgressStore } from './wake-progress-store';

const wakeClient = vi.hoisted(() => ({ wakeInWorker: vi.fn(), cancelInWorker: vi.fn() }));
vi.mock('../../agent/wake-in-worker', () => wakeClient);

// Real timers and a real database; the debounce is shortened so the tests stay quick
// (its 4 s default and its timing rules are covered in auto-wake-scheduler.test.ts).
const DEBOUNCE_MS = 150;
const QUIET_MS = 600;

let taskId: string;

beforeEach(async () => {
  wakeClient.wakeInWorker.mockReset();
  wakeClient.wakeInWorker.mockResolvedValue({ status: 'done', proposed: 0, turns: 1 });
  useWakeProgressStore.setState({ byTask: {} });
  await getDatabase().delete();
  await getDatabase().open();
  ({ taskId } = await createAgentReadyTask(getDatabase()));
  await saveProviderSettings(getDatabase(), { kind: 'demo', model: 'scripted' });
});
afterEach(() => cleanup());

async function watchTask() {
  renderHook(() => useAutoWake(taskId, { debounceMs: DEBOUNCE_MS }));
  // Let the first snapshot, the baseline, arrive.
  await sleep(100);
}

async function userWrites(text: string) {
  const result = await dispatch(
    getDatabase(),
    'add_journal_entry',
    { text },
    { source: 'user', taskId },
  );
  expect(result.success).toBe(true);
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

describe('useAutoWake', () => {
  it('is off by default: an edit does not wake the agent', async () => {
    await watchTask();
    await userWrites('Booked the room.');
    await sleep(QUIET_MS);
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();
  });

  it('wakes the agent once after the person’s edits pause, when turned on', async () => {
    await saveAutoWake(getDatabase(), true);
    await watchTask();
    await userWrites('Booked the room.');
    await userWrites('Projector tested.');
    await waitFor(() =>
      expect(wakeClient.wakeInWorker).toHaveBeenCalledWith(
        taskId,
        expect.any(Function),
        'automatic',
      ),
    );
    await sleep(QUIET_MS);
    expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1);
  });

  it('does not wake for a task in a category the agent may not act on', async () => {
    await saveAutoWake(getDatabase(), true);
    await allowAgentCategories(getDatabase(), []);
    await watchTask();
    await userWrites('Booked the room.');
    await sleep(QUIET_MS);
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();
  });

  it('never wakes for the agent’s own writes, but does for the person’s next edit', async () => {
    await saveAutoWake(getDatabase(), true);
    await watchTask();
    const running = wakeRow(taskId, { id: 'w1' });
    await getDatabase().wakes.put(running);
    // An immediate tool, dispatched by the agent during its wake (another tab's, here).
    const write = await dispatch(
      getDatabase(),
      'set_task_language',
      { languageCode: 'de' },
      { source: 'agent', taskId, operationKey: 'wake:w1', agentId: DEFAULT_AGENT_ID },
    );
    expect(write.mutatedEntries).toHaveLength(1);
    await sleep(DEBOUNCE_MS * 2);
    await getDatabase().wakes.put({
      ...running,
      status: 'done',
      endedAt: new Date().toISOString(),
      mutatedEntries: write.mutatedEntries,
    });
    await sleep(QUIET_MS);
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();

    await userWrites('The agent got the language right.');
    await waitFor(() => expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1));
  });

  it('wakes exactly once with trusted tools on: the rule’s writes during the wake are the wake’s own', async () => {
    await saveAutoWake(getDatabase(), true);
    await saveTrustedTools(getDatabase(), ['add_multiple_checklist_items']);
    // Each wake proposes a new checklist item, which the trusted-tool rule applies at once.
    let wakes = 0;
    wakeClient.wakeInWorker.mockImplementation(
      (id: string, onProgress: (progress: WakeProgress) => void) => {
        wakes += 1;
        const { model } = scriptedModel([
          {
            toolCalls: [
              {
                name: 'add_multiple_checklist_items',
                args: { items: [{ title: `Step ${wakes}` }] },
              },
            ],
          },
          { text: 'Done.' },
        ]);
        return runWake({
          db: getDatabase(),
          taskId: id,
          model,
          providerLabel: 'Test provider',
          describeError: () => ({ kind: 'unknown', message: 'failed' }),
          afterFlush: async () => {
            await applyTrustedItems(getDatabase(), id);
          },
          onProgress,
          sleep: async () => {},
        });
      },
    );
    await watchTask();
    await userWrites('Booked the room.');
    await waitFor(() => expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1));
    await waitFor(async () =>
      expect(
        (await getDatabase().checklistItems.where('taskId').equals(taskId).toArray()).map(
          (item) => item.title,
        ),
      ).toContain('Step 1'),
    );
    await sleep(QUIET_MS * 2);
    expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1);
  });

  it('does not wake when the person confirms a proposal, but does for their next edit', async () => {
    await saveAutoWake(getDatabase(), true);
    const set = await propose(getDatabase(), taskId, [
      { name: 'update_task_priority', args: { priority: 'P1' } },
    ]);
    await watchTask();
    expect((await confirmItem(getDatabase(), set.id, 0)).status).toBe('applied');
    await sleep(QUIET_MS);
    expect(wakeClient.wakeInWorker).not.toHaveBeenCalled();

    await userWrites('Raised the priority as suggested.');
    await waitFor(() => expect(wakeClient.wakeInWorker).toHaveBeenCalledTimes(1));
  });
});
