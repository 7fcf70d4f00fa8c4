/**
 * "Try the demo agent": sets up the scripted demo agent (no network, no account), lets it
 * act on the sample journal's categories and opens a sample task with a wake asked for in
 * the address (the agent panel starts it). Without the sample task, it opens the task list.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getDatabase } from '../../db/connection';
import { SETTING_KEYS } from '../../db/setting-keys';
import { readSetting } from '../../db/settings';
import { allowAgentOnCategory } from '../../dispatcher/user-edit';

const DEMO_TASK_ID = 'sample-task-login-bug';

/** Whether an agent is set up on this device: the raw setting (no zod on the first page). */
export async function readAgentSetUp(): Promise<boolean> {
  return (await readSetting(getDatabase(), SETTING_KEYS.provider)) !== undefined;
}

export function useTryDemo() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function tryDemo() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const db = getDatabase();
      // Loaded on the tap: the settings' schemas and the samples are not part of the first page.
      const [{ saveProviderSettings }, { SAMPLE_IDS }] = await Promise.all([
        import('../../db/agent-settings'),
        import('../../domain/sample-journal'),
      ]);
      await saveProviderSettings(db, { kind: 'demo', model: 'scripted' });
      for (const categoryId of Object.values(SAMPLE_IDS.categories)) {
        if (!(await db.categories.get(categoryId))) continue;
        const refused = await allowAgentOnCategory(categoryId);
        if (refused) throw new Error(refused);
      }
      const demoTask = await db.tasks.get(DEMO_TASK_ID);
      const live = demoTask !== undefined && demoTask.deletedAt === undefined;
      void navigate(live ? `/tasks/${DEMO_TASK_ID}?wake=now` : '/');
    } catch (cause) {
      setError(
        `The demo could not be set up: ${cause instanceof Error ? cause.message : String(cause)}`,
      );
      setBusy(false);
    }
  }

  return { tryDemo, busy, error };
}
