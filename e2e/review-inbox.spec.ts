/**
 * The Review inbox on a tablet: the keyboard (j/k, y, n, u), a second tap where Confirm all
 * was, keys that work on arrival, two tabs confirming one proposal, and a tab closed in the
 * middle of Confirm all. Proposals come from the scripted demo agent, as in review.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { steadyBox, tapAt } from './support/touch';
import { ReviewCard, ReviewHistory } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { ESTIMATE_SUMMARY, LOGIN_BUG, OFFSITE, proposalsOn, wakeAgent } from './pages/review-setup';
import { readStoredReview } from './pages/review-store';
import { TaskPage } from './pages/task-page';

// Every journey first sets the agent up in Settings and wakes it (about 7 s on two busy
// cores); axe scans add more. A bound above the config's 30 s, not a hope.
test.describe.configure({ timeout: 60_000 });

const SAMESITE = `Checklist · Add: "${LOGIN_BUG.newItems[0]}"`;

/**
 * Kills the tab's renderer at the instant Confirm all says it is applying ("Applying
 * 5 changes…"): a `debugger` statement, under an attached debugger, pauses the page in the very
 * task that put that text on screen, and the paused renderer is crashed, so Confirm all
 * cannot go one step further (a transaction under way is never committed). More abrupt
 * than closing the tab, and deterministic. `killed` resolves once the page has crashed.
 */
async function killWhenConfirmAllRuns(page: Page) {
  const session = await page.context().newCDPSession(page);
  const crashed = new Promise<void>((resolve) => page.once('crash', () => resolve()));
  const killed = new Promise<void>((resolve) =>
    session.once('Debugger.paused', () => {
      // The renderer dies before it can answer.
      session.send('Page.crash').catch(() => undefined);
      void crashed.then(resolve);
    }),
  );
  await session.send('Debugger.enable');
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      if (/Applying \d+ changes…/.test(document.body.textContent ?? '')) {
        observer.disconnect();
        // eslint-disable-next-line no-debugger -- the pause is the point: see above.
        debugger;
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // Wrapped: an async function returning the promise itself would wait for the crash.
  return { killed };
}

test('the Review inbox works from the keyboard: j/k move, y confirms, n rejects, u undoes', async ({
  page,
}) => {
  await proposalsOn(page, LOGIN_BUG);
  const inbox = new ReviewInboxPage(page);
  await inbox.goto();
  await expect(inbox.badge).toHaveAccessibleName(`${LOGIN_BUG.proposals} pending`);
  await expect(inbox.count).toHaveText(`${LOGIN_BUG.proposals} changes waiting on 1 task`);
  await expect(inbox.rows).toHaveCount(LOGIN_BUG.proposals);
  const title = inbox.row(`Title · Set title to "${LOGIN_BUG.proposedTitle}"`);
  const priority = inbox.row('Priority · Set priority to P0');
  const estimate = inbox.row(LOGIN_BUG.estimate);

  await page.keyboard.press('j');
  await expect(title).toBeFocused();
  await page.keyboard.press('j');
  await expect(priority).toBeFocused();
  await page.keyboard.press('k');
  await expect(title).toBeFocused();
  await page.keyboard.press('j');
  await expect(priority).toBeFocused();

  await page.keyboard.press('y');
  await expect(priority).toHaveCount(0);
  await expect(estimate).toBeFocused();
  await expect(inbox.badge).toHaveAccessibleName(`${LOGIN_BUG.proposals - 1} pending`);

  await page.keyboard.press('n');
  await expect(estimate).toHaveCount(0);
  await expect(inbox.rejectionPrompt).toContainText(ESTIMATE_SUMMARY);
  await expect(inbox.badge).toHaveAccessibleName(`${LOGIN_BUG.proposals - 2} pending`);

  // u undoes the newest decision made here, the rejection: the row comes back.
  await page.keyboard.press('u');
  await expect(inbox.rejectionPrompt).toHaveCount(0);
  await expect(estimate).toBeVisible();
  await expect(inbox.badge).toHaveAccessibleName(`${LOGIN_BUG.proposals - 1} pending`);
  // And again, the confirmation: the priority goes back to P2 (undone, not pending again).
  await page.keyboard.press('u');
  await expect(
    page.getByRole('status').filter({ hasText: 'Undone: Set priority to P0.' }),
  ).toBeVisible();

  const stored = await readStoredReview(page, LOGIN_BUG.id);
  expect(stored.task?.priority).toBe('P2');
  expect(stored.task?.estimateMinutes).toBeUndefined();
});

test('a second tap where the inbox’s Confirm all was does not confirm the next task too', async ({
  page,
}) => {
  await proposalsOn(page, LOGIN_BUG);
  await new TaskPage(page).goto(OFFSITE.id);
  await wakeAgent(page, OFFSITE.proposals);
  await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({ timeout: 15_000 });
  const inbox = new ReviewInboxPage(page);
  await inbox.goto();
  const total = LOGIN_BUG.proposals + OFFSITE.proposals;
  await expect(inbox.badge).toHaveAccessibleName(`${total} pending`);
  const confirmAll = inbox.region.getByRole('button', { name: /^Confirm all \d+ for / });
  // A decision first, as a person reviewing would have made: its status line stays above.
  await inbox.region
    .getByRole('button', { name: /^Confirm: / })
    .first()
    .click();
  await expect(inbox.badge).toHaveAccessibleName(`${total - 1} pending`);
  await expect(confirmAll).toHaveCount(2);
  await expect(confirmAll.first()).not.toHaveAttribute('aria-disabled');
  const tapped = Number(/\d+/.exec((await confirmAll.first().getAttribute('aria-label'))!)![0]);
  // The finger lands once the button has stood still, as a person's would.
  const box = await steadyBox(page, confirmAll.first());
  const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 };

  // A double tap, as a person makes by mistake: the second lands 400 ms after the first.
  await tapAt(page, finger);
  await page.waitForTimeout(400);
  await tapAt(page, finger);
  await page.waitForTimeout(1500);
  await expect(inbox.badge).toHaveAccessibleName(`${total - 1 - tapped} pending`);
  await expect(inbox.rows).toHaveCount(total - 1 - tapped);
  // The next task's Confirm all had come up under the finger; it ignored the second tap,
  // and settled, it works as before.
  await expect(confirmAll).toHaveCount(1);
  const next = (await confirmAll.boundingBox())!;
  expect(finger.y).toBeGreaterThan(next.y);
  expect(finger.y).toBeLessThan(next.y + next.height);
  await expect(confirmAll).not.toHaveAttribute('aria-disabled');
});

test('arriving through the navigation, the inbox keys work at once, and Enter in a drop-down confirms its edit', async ({
  page,
}) => {
  await proposalsOn(page, LOGIN_BUG);
  const inbox = new ReviewInboxPage(page);
  // A click on the navigation, as a person arrives: focus must not stay on the link.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Review/ })
    .click();
  await expect(inbox.rows).toHaveCount(LOGIN_BUG.proposals);
  const title = inbox.row(`Title · Set title to "${LOGIN_BUG.proposedTitle}"`);
  const priority = inbox.row('Priority · Set priority to P0');

  await page.keyboard.press('j');
  await expect(title).toBeFocused();
  await page.keyboard.press('j');
  await expect(priority).toBeFocused();
  await page.keyboard.press('e');
  const sheet = page.getByRole('dialog', { name: 'Edit before confirming' });
  const choice = sheet.getByRole('combobox');
  await expect(choice).toBeFocused();
  await choice.selectOption('P1');
  await page.keyboard.press('Enter');
  await expect(sheet).toHaveCount(0);
  await expect(priority).toHaveCount(0);
  await expect(inbox.badge).toHaveAccessibleName(`${LOGIN_BUG.proposals - 1} pending`);
  expect((await readStoredReview(page, LOGIN_BUG.id)).task?.priority).toBe('P1');
});

test('two tabs confirming the same proposal at once apply it exactly once', async ({ context }) => {
  const first = await context.newPage();
  await proposalsOn(first, LOGIN_BUG);
  const second = await context.newPage();
  const secondTask = new TaskPage(second);
  await secondTask.goto(LOGIN_BUG.id);
  const cards = [new ReviewCard(first), new ReviewCard(second)];
  const buttons = cards.map((card) => card.confirmButton(card.row(SAMESITE)));
  for (const button of buttons) await expect(button).toBeEnabled();

  // Both buttons are found first, then clicked together: neither click waits for the other
  // tab's result (a row that left in the meantime just takes a click on nothing).
  const handles = await Promise.all(buttons.map((button) => button.elementHandle()));
  await Promise.all(handles.map((handle) => handle!.dispatchEvent('click')));

  let toldAlreadyConfirmed = 0;
  for (const card of cards) {
    await expect(card.row(SAMESITE)).toHaveCount(0);
    // The tab that lost the race may say so; the row leaves either way.
    toldAlreadyConfirmed += await card.region
      .getByText('This change was already confirmed.', { exact: true })
      .count();
  }
  expect(toldAlreadyConfirmed).toBeLessThanOrEqual(1);
  test.info().annotations.push({
    type: 'tabs told "already confirmed"',
    description: String(toldAlreadyConfirmed),
  });
  const firstTask = new TaskPage(first);
  for (const task of [firstTask, secondTask]) {
    await expect(task.checkbox(LOGIN_BUG.newItems[0])).toHaveCount(1);
    await expect(task.checklistItems).toHaveCount(3);
  }
  const history = new ReviewHistory(second);
  await history.open();
  await expect(history.entries).toHaveCount(1);

  const stored = await readStoredReview(second, LOGIN_BUG.id);
  expect(stored.checklistTitles.filter((title) => title === LOGIN_BUG.newItems[0])).toHaveLength(1);
  expect(stored.decisions).toHaveLength(1);
  expect(stored.confirmations).toHaveLength(1);
});

test('closing the page during Confirm all leaves each proposal applied once with its decision, or pending', async ({
  context,
}) => {
  const page = await context.newPage();
  const { card } = await proposalsOn(page, OFFSITE);

  // The tab dies the moment Confirm all says it is applying ("Applying 5 changes…"), while
  // its one transaction is being prepared or written.
  const { killed } = await killWhenConfirmAllRuns(page);
  // The renderer may die before the click itself returns: that is the point.
  await card.confirmAllButton.click().catch((error: Error) => {
    if (!/crashed/i.test(error.message)) throw error;
  });
  await killed;
  await page.close({ runBeforeUnload: false });

  const reopened = await context.newPage();
  const task = new TaskPage(reopened);
  await task.goto(OFFSITE.id);
  const stored = await readStoredReview(reopened, OFFSITE.id);

  expect(stored.items).toHaveLength(OFFSITE.proposals);
  for (const item of stored.items) expect(['confirmed', 'pending']).toContain(item.status);
  const confirmed = stored.items.filter((item) => item.status === 'confirmed');
  test.info().annotations.push({
    type: 'applied before the tab closed',
    description: `${confirmed.length} of ${OFFSITE.proposals}`,
  });
  // One transaction for the whole set: it committed before the tab died, or not at all.
  expect([0, OFFSITE.proposals]).toContain(confirmed.length);
  // One decision per confirmed item, none for a pending one, each tied to one ledger row.
  expect(stored.decisions).toHaveLength(confirmed.length);
  for (const item of confirmed) {
    const decisions = stored.decisions.filter(
      (decision) =>
        decision.changeSetId === item.changeSetId && decision.itemIndex === item.itemIndex,
    );
    expect(decisions).toEqual([expect.objectContaining({ verdict: 'confirmed' })]);
  }
  const operationIds = stored.decisions.map((decision) => decision.operationId);
  expect(stored.confirmations.map((row) => row.operationId).sort()).toEqual(operationIds.sort());
  // The checklist has each proposed title at most once, and only when its item was confirmed.
  expect(new Set(stored.checklistTitles).size).toBe(stored.checklistTitles.length);
  for (const title of OFFSITE.newItems) {
    const applied = confirmed.some((item) => item.summary === `Add: "${title}"`);
    expect(stored.checklistTitles.includes(title), title).toBe(applied);
  }

  // What is left waits on the card, and finishing it applies each item once.
  const pending = OFFSITE.proposals - confirmed.length;
  const reopenedCard = new ReviewCard(reopened);
  if (pending > 0) {
    await expect(reopenedCard.withCount(pending)).toBeVisible();
    if (pending > 1) await reopenedCard.confirmAllButton.click();
    else await reopenedCard.confirmButton(reopenedCard.rows.first()).click();
    await expect(reopenedCard.rows).toHaveCount(0);
  }
  await expect(task.checklistItems).toHaveCount(2 + OFFSITE.newItems.length);
  const finished = await readStoredReview(reopened, OFFSITE.id);
  expect(new Set(finished.checklistTitles).size).toBe(finished.checklistTitles.length);
  expect(finished.decisions).toHaveLength(OFFSITE.proposals);
  expect(finished.confirmations).toHaveLength(OFFSITE.proposals);
});
