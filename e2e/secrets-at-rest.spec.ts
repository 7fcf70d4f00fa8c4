/**
 * The API key is stored sealed (src/db/settings-seal.ts), and still reaches the model from
 * the wake's worker: the journal's settings rows, read straight from IndexedDB in the
 * browser, hold no key in clear text, while the scripted server receives the key the
 * person typed (it refuses "bad-key" with HTTP 401, which the wake reports in words).
 */
import { test, expect } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { AgentSettings } from './pages/agent-settings';
import { TaskPage } from './pages/task-page';
import { ScriptedModel, modelName } from './support/scripted-model';

const LOGIN_BUG = { id: 'sample-task-login-bug', category: 'Work' };
const KEY = 'bad-key';

/** Every settings row of the journal's database as text, bytes read as Latin-1. */
function rawSettingsText(): Promise<string> {
  return new Promise((resolve, reject) => {
    const opened = indexedDB.open('countersign');
    opened.onerror = () => reject(opened.error ?? new Error('open failed'));
    opened.onsuccess = () => {
      const read = opened.result.transaction('settings').objectStore('settings').getAll();
      read.onerror = () => reject(read.error ?? new Error('read failed'));
      read.onsuccess = () => {
        const text = JSON.stringify(read.result, (_, value: unknown) =>
          value instanceof Uint8Array ? String.fromCharCode(...value) : value,
        );
        opened.result.close();
        resolve(text);
      };
    };
  });
}

test('a saved API key is sealed in IndexedDB and still sent by the wake', async ({
  page,
  request,
}, testInfo) => {
  const llm = new ScriptedModel(request, modelName(testInfo));
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useCompatibleServer({ baseURL: llm.baseURL, model: llm.name, apiKey: KEY });
  await settings.allowCategory(LOGIN_BUG.category);

  const stored = await page.evaluate(rawSettingsText);
  expect(stored).toContain(llm.name);
  expect(stored).not.toContain(KEY);

  await page.reload();
  await expect(settings.apiKey).toHaveValue(KEY);

  const agent = new AgentPanel(page);
  await new TaskPage(page).goto(LOGIN_BUG.id);
  await agent.wake();
  await expect(agent.failure).toContainText('did not accept the API key (HTTP 401)', {
    timeout: WAKE_TIMEOUT,
  });
});
