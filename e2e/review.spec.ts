/**
 * Reviewing the agent's proposals on a tablet: real CDP touch swipes to confirm and reject,
 * a short swipe and a vertical drag that decide nothing, Confirm all and Undo, a proposal
 * the person overtook, and axe (review-inbox.spec.ts holds the inbox's keyboard and races). Proposals come from the scripted demo agent (src/agent/demo/demo-script.ts),
 * set up in Settings and woken with "Wake agent", as a person would.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { swipe } from './support/touch';
import type { ReviewCard } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { ESTIMATE_SUMMARY, LOGIN_BUG, proposalsOn } from './pages/review-setup';
import { readStoredReview } from './pages/review-store';

// Every journey first sets the agent up in Settings and wakes it (about 7 s on two busy
// cores); axe scans add more. A bound above the config's 30 s, not a hope.
test.describe.configure({ timeout: 60_000 });

/** Centres the row in the viewport, so a finger can reach it and the page can scroll both ways. */
async function centre(page: Page, row: ReturnType<ReviewCard['row']>) {
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await expect(row).toBeInViewport();
}

test('a swipe right on a proposal confirms it: the row leaves and the estimate is 120', async ({
  page,
}) => {
  const { taskPage, card, history } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);
  await expect(taskPage.estimateField).toHaveValue('');

  await centre(page, row);
  await swipe(page, row, 300);

  await expect(row).toHaveCount(0);
  await expect(card.withCount(LOGIN_BUG.proposals - 1)).toBeVisible();
  await expect(card.toast(`Applied: ${ESTIMATE_SUMMARY}`)).toBeVisible();
  await expect(taskPage.estimateField).toHaveValue('120');

  await history.open();
  await expect(history.entries).toHaveCount(1);
  await expect(history.entry(ESTIMATE_SUMMARY)).toContainText('Confirmed');
  await expect(history.entry(ESTIMATE_SUMMARY)).toContainText('By you');
});

test('a swipe left rejects and asks why; the chosen reason lands in the history', async ({
  page,
}) => {
  const { taskPage, card, history } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);

  await centre(page, row);
  await swipe(page, row, -300);

  await expect(row).toHaveCount(0);
  await expect(card.rejectionPrompt).toContainText(ESTIMATE_SUMMARY);
  await card.reasonChip('Not now').click();
  await expect(card.rejectionPrompt.getByRole('status')).toHaveText(
    'Reason saved: “Not now”. The agent hears it on its next wake.',
  );
  await expect(taskPage.estimateField).toHaveValue('');

  await history.open();
  await expect(history.entries).toHaveCount(1);
  const entry = history.entry(ESTIMATE_SUMMARY);
  await expect(entry).toContainText('Rejected');
  await expect(entry).toContainText('Reason: Not now');
  const stored = await readStoredReview(page, LOGIN_BUG.id);
  expect(stored.decisions).toEqual([
    expect.objectContaining({ verdict: 'rejected', rejectionReason: 'Not now' }),
  ]);
});

test('a short swipe springs back and decides nothing', async ({ page }) => {
  const { taskPage, card } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);

  await centre(page, row);
  await swipe(page, row, 40);

  // Back at rest: no offset, no swipe intent showing, Confirm still offered.
  await expect(row.locator('.review-row__surface')).not.toHaveAttribute('style', /translateX/);
  await expect(row).not.toHaveClass(/review-row--swiping/);
  await expect(card.confirmButton(row)).toBeEnabled();
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
  await expect(taskPage.estimateField).toHaveValue('');
  const stored = await readStoredReview(page, LOGIN_BUG.id);
  expect(stored.decisions).toEqual([]);
  expect(stored.items.every((item) => item.status === 'pending')).toBe(true);
});

test('a vertical drag over the rows scrolls the page and decides nothing', async ({ page }) => {
  const { taskPage, card } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);
  await centre(page, row);
  const before = await page.evaluate(() => window.scrollY);

  // The finger moves up over the rows: the page scrolls down.
  await swipe(page, row, 0, -300);

  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
  await expect(row).not.toHaveClass(/review-row--swiping/);
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
  await expect(taskPage.estimateField).toHaveValue('');
  expect((await readStoredReview(page, LOGIN_BUG.id)).decisions).toEqual([]);
});

test('Confirm all applies every proposal, and Undo in the toast puts the task and the proposals back', async ({
  page,
}) => {
  const { taskPage, card, history } = await proposalsOn(page, LOGIN_BUG);
  await expect(taskPage.titleField).toHaveValue(LOGIN_BUG.title);

  await card.confirmAllButton.click();

  await expect(card.summary).toContainText(`Applied ${LOGIN_BUG.proposals}:`);
  await expect(card.rows).toHaveCount(0);
  await expect(card.region).toContainText('Nothing else waits for review.');
  await expect(taskPage.titleField).toHaveValue(LOGIN_BUG.proposedTitle);
  await expect(taskPage.page.getByRole('combobox', { name: 'Priority' })).toHaveValue('P0');
  await expect(taskPage.estimateField).toHaveValue('120');
  await expect(taskPage.statusSelect).toHaveValue('IN PROGRESS');
  for (const title of LOGIN_BUG.newItems) await expect(taskPage.checkbox(title)).toBeVisible();
  await expect(taskPage.checklistItems).toHaveCount(4);

  await card.toastUndo(`Applied ${LOGIN_BUG.proposals}:`).click();

  await expect(card.toast(`Undid ${LOGIN_BUG.proposals} changes.`)).toBeVisible();
  await expect(taskPage.titleField).toHaveValue(LOGIN_BUG.title);
  await expect(taskPage.page.getByRole('combobox', { name: 'Priority' })).toHaveValue('P2');
  await expect(taskPage.estimateField).toHaveValue('');
  await expect(taskPage.statusSelect).toHaveValue('OPEN');
  await expect(taskPage.checklistItems).toHaveCount(2);
  // Every proposal Confirm all applied waits again, to be confirmed, edited or rejected.
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
  await history.open();
  await expect(history.entries).toHaveCount(LOGIN_BUG.proposals);
  for (const entry of await history.entries.all()) await expect(entry).toContainText('Undone');
});

test('Undo after a single confirmation puts the old value back and the proposal on the card again', async ({
  page,
}) => {
  const { taskPage, card, history } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);

  await card.confirmButton(row).click();
  await expect(taskPage.estimateField).toHaveValue('120');
  await card.toastUndo(`Applied: ${ESTIMATE_SUMMARY}`).click();

  await expect(card.toast(`Undone: ${ESTIMATE_SUMMARY}.`)).toBeVisible();
  await expect(taskPage.estimateField).toHaveValue('');
  await history.open();
  await expect(history.entry(ESTIMATE_SUMMARY)).toContainText('Undone');
  // The proposal is given back: it waits on the card again, and can be confirmed again.
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
  await expect(card.confirmButton(row)).toBeVisible();
  await card.confirmButton(row).click();
  await expect(taskPage.estimateField).toHaveValue('120');
  await expect(card.withCount(LOGIN_BUG.proposals - 1)).toBeVisible();
});

test('a proposal the person overtook says so, and only "Apply anyway" applies it', async ({
  page,
}) => {
  const { taskPage, card, history } = await proposalsOn(page, LOGIN_BUG);
  const row = card.row(LOGIN_BUG.estimate);

  await taskPage.enter(taskPage.estimateField, '45');
  await expect(row).toContainText('Changed since proposed: estimate is now 45 min');
  await expect(card.confirmButton(row)).toHaveCount(0);
  await expect(card.applyAnywayButton(row)).toBeVisible();

  // A swipe does not apply a changed value: it points at Apply anyway instead.
  await centre(page, row);
  await swipe(page, row, 300);
  await expect(row.getByRole('status')).toContainText(
    'This changed since it was proposed, so a swipe does not apply it.',
  );
  await expect(card.applyAnywayButton(row)).toBeFocused();
  await expect(taskPage.estimateField).toHaveValue('45');
  expect((await readStoredReview(page, LOGIN_BUG.id)).decisions).toEqual([]);

  // Confirm all leaves it for the person too.
  await card.confirmAllButton.click();
  await expect(card.summary).toContainText('1 changed since proposed and left for you');
  await expect(row).toBeVisible();
  await expect(taskPage.estimateField).toHaveValue('45');

  await card.applyAnywayButton(row).click();
  await expect(row).toHaveCount(0);
  await expect(taskPage.estimateField).toHaveValue('120');
  await history.open();
  await expect(history.entry(ESTIMATE_SUMMARY)).toContainText('Confirmed');
});

test('the proposals card and the Review inbox have no serious accessibility violations', async ({
  page,
}) => {
  const { card } = await proposalsOn(page, LOGIN_BUG);
  // The card with its rows, and a rejection's reason prompt in place of one of them.
  await card.rejectButton(card.row(LOGIN_BUG.estimate)).click();
  await expect(card.rejectionPrompt).toBeVisible();
  await expect(card.rows).toHaveCount(LOGIN_BUG.proposals - 1);
  await expectNoSeriousA11yViolations(page, 'section.review-card');

  const inbox = new ReviewInboxPage(page);
  await inbox.open();
  await expect(inbox.rows).toHaveCount(LOGIN_BUG.proposals - 1);
  await expectNoSeriousA11yViolations(page);
});
