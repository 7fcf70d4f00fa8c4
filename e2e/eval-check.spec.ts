/**
 * Settings → Agent → "Check this model": the eval's five quick situations run in the
 * browser against the model the form names (the scripted LLM server), shown as the same
 * table `npm run eval` prints, over journals of its own that are deleted after: the
 * person's journal gains no task, entry or proposal.
 */
import { test, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { AgentSettings } from './pages/agent-settings';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { ScriptedModel, call, modelName } from './support/scripted-model';
import { storedRows } from './support/stored-rows';

/** A model that answers every task alike: two hours, and its report. */
const ALWAYS_TWO_HOURS = [
  {
    toolCalls: [
      call('update_task_estimate', { minutes: 120 }),
      call('update_report', { oneLiner: 'About two hours.', tldr: 'Estimated.', content: 'Done.' }),
    ],
  },
];

const checkButton = (settings: AgentSettings) =>
  settings.section.getByRole('button', { name: 'Check this model' });

/** Settings → Agent, saved with this test's model on the scripted server. */
async function settingsWithModel(
  { page, request }: { page: Page; request: APIRequestContext },
  testInfo: TestInfo,
  apiKey = '',
) {
  const llm = new ScriptedModel(request, modelName(testInfo));
  await llm.script(ALWAYS_TWO_HOURS);
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useCompatibleServer({ baseURL: llm.baseURL, model: llm.name, apiKey });
  return { llm, settings };
}

test('Check this model scores the model on five situations and leaves the journal as it was', async ({
  page,
  request,
}, testInfo) => {
  // Five whole wakes, each seeding a journal first: on a busy two-core machine that takes
  // longer than a journey's usual 30 s.
  test.setTimeout(90_000);
  const { llm, settings } = await settingsWithModel({ page, request }, testInfo);
  const tasksBefore = (await storedRows(page, 'tasks')).length;

  await checkButton(settings).click();
  const table = settings.section.getByRole('table', {
    name: `Scores of ${llm.name} at ${llm.baseURL}`,
  });
  await expect(table).toBeVisible({ timeout: 60_000 });

  const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Situation',
    'Result',
    'Valid calls',
    'Expected saved',
    'Forbidden tried',
    'Turns',
    'Tokens',
    'Time',
  ]);
  await expect(row('A clear estimate').getByRole('cell')).toHaveText([
    'pass',
    '2/2',
    '1/1',
    '0',
    '1/3',
    /^[\d,]+$/,
    /^\d+\.\d s$/,
  ]);
  // The same two hours where nothing was asked, and where the person had rejected estimates.
  await expect(row('A vague entry').getByRole('cell').nth(0)).toHaveText('miss');
  await expect(row('A vague entry').getByRole('cell').nth(3)).toHaveText('1');
  await expect(row('A rejected proposal').getByRole('cell').nth(3)).toHaveText('1');
  await expect(row('A checklist from a plan').getByRole('cell').nth(2)).toHaveText('0/4');
  await expect(row('Overall').getByRole('cell').nth(0)).toHaveText('2/5 passed');
  await expect(
    settings.section.getByText(/: 2 of 5 situations passed, 1 of 5 expected/),
  ).toBeVisible();
  await expect(
    settings.section.getByText('A vague entry: no change: Attempted any change to the task.'),
  ).toBeVisible();

  // One request per situation the model was asked about (each ended with its report).
  expect(await llm.requests()).toHaveLength(5);
  // The check's own journals are gone, and the person's gained nothing.
  const names = await page.evaluate(async () =>
    (await indexedDB.databases()).map((database) => database.name),
  );
  expect(names.filter((name) => name?.startsWith('countersign-check-'))).toEqual([]);
  expect(await storedRows(page, 'tasks')).toHaveLength(tasksBefore);
  expect(await storedRows(page, 'changeItems')).toEqual([]);
  await expect(checkButton(settings)).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test('Check this model says why it cannot run, in the words a wake would use', async ({
  page,
  request,
}, testInfo) => {
  // The scripted server refuses the key "bad-key" with 401.
  const { llm, settings } = await settingsWithModel({ page, request }, testInfo, 'bad-key');

  await checkButton(settings).click();
  await expect(
    settings.section.getByText(
      `The check could not run: The server at ${llm.baseURL} did not accept the API key (HTTP 401). Check the key in Settings.`,
    ),
  ).toBeVisible({ timeout: 15_000 });
  await expect(settings.section.getByRole('table')).toHaveCount(0);
});

test('a cancelled check stops at once, and the next check clears what it left', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const { llm, settings } = await settingsWithModel({ page, request }, testInfo);
  await llm.script([{ ...ALWAYS_TWO_HOURS[0], delayMs: 20_000 }]);
  const checkNames = async () =>
    (await page.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))).filter(
      (name) => name?.startsWith('countersign-check-'),
    );

  await checkButton(settings).click();
  await expect(settings.section.getByText('Situation 1 of 5: A clear estimate…')).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => llm.requests().then((sent) => sent.length), { timeout: 15_000 }).toBe(1);
  await settings.section.getByRole('button', { name: 'Cancel check' }).click();
  await expect(settings.section.getByText('Check cancelled.')).toBeVisible();
  await expect(checkButton(settings)).toBeFocused();
  // The worker was ended mid-wake: its journal is still there, until the next check.
  expect(await checkNames()).toHaveLength(1);

  await llm.script(ALWAYS_TWO_HOURS);
  await checkButton(settings).click();
  await expect(settings.section.getByRole('table')).toBeVisible({ timeout: 60_000 });
  expect(await checkNames()).toEqual([]);
});
