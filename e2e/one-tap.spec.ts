/**
 * One tap, one decision, with a real finger on the emulated tablet: a double tap on a
 * row's Confirm decides the row it was meant for, not also the row that comes up under
 * the finger once the first has left, on the task page and in the Review inbox; and the
 * status bar's Undo takes back what the bar names.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { doubleTapAt } from './support/touch';
import { ReviewCard } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG, chooseDemoAgent, wakeAgent } from './pages/review-setup';
import { TaskPage } from './pages/task-page';

test.describe.configure({ timeout: 90_000 });

/** The gaps between the two taps of a double tap, as people make them by mistake. */
const GAPS_MS = [150, 350, 700];

async function proposalsOnLoginBug(page: Page) {
  await chooseDemoAgent(page);
  const taskPage = new TaskPage(page);
  await taskPage.goto(LOGIN_BUG.id);
  await wakeAgent(page, LOGIN_BUG.proposals);
  await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({ timeout: 15_000 });
  return taskPage;
}

/**
 * Two taps at one point of the screen, `gapMs` apart by the input's clock (however late a
 * busy machine delivers the second), where `button` is at the first.
 */
async function doubleTap(page: Page, button: Locator, gapMs: number) {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  const finger = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await doubleTapAt(page, finger, gapMs);
  // Long enough for a second decision to have landed, had there been one.
  await page.waitForTimeout(1_500);
}

test('a double tap on a row’s Confirm on the task page decides one item; the bar adds quick decisions up, and Undo takes back what it names', async ({
  page,
}) => {
  const taskPage = await proposalsOnLoginBug(page);
  const card = new ReviewCard(page);
  let waiting = LOGIN_BUG.proposals;
  const decided: string[] = [];
  for (const gap of GAPS_MS) {
    const confirm = card.confirmButton(card.rows.first());
    const label = (await confirm.getAttribute('aria-label'))!;
    await doubleTap(page, confirm, gap);
    decided.push(label.replace(/^Confirm: /, ''));
    waiting -= 1;
    await expect(card.withCount(waiting), `after taps ${gap} ms apart`).toBeVisible();
    // Quick decisions add up, and the bar names each one decided, no other.
    await expect(card.summary).toHaveText(
      decided.length === 1
        ? `Applied: ${decided[0]}`
        : `Applied ${decided.length}: ${decided.join(' · ')}`,
    );
  }
  await expect(taskPage.titleField).toHaveValue(LOGIN_BUG.proposedTitle);
  await card.statusBar.getByRole('button', { name: 'Undo', exact: true }).click();
  // All three named, and only those: the title is back, and the three wait again.
  await expect(taskPage.titleField).toHaveValue(LOGIN_BUG.title);
  await expect(card.summary).toHaveText(/^Undid 3 /);
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
});

test('a double tap on a row’s Confirm in the inbox decides one item', async ({ page }) => {
  await proposalsOnLoginBug(page);
  const inbox = new ReviewInboxPage(page);
  await inbox.goto();
  let waiting = LOGIN_BUG.proposals;
  await expect(inbox.badge).toHaveAccessibleName(`${waiting} pending`);
  for (const gap of GAPS_MS) {
    const confirm = inbox.rows.first().getByRole('button', { name: /^Confirm: / });
    await doubleTap(page, confirm, gap);
    waiting -= 1;
    await expect(inbox.badge, `after taps ${gap} ms apart`).toHaveAccessibleName(
      `${waiting} pending`,
    );
    await expect(inbox.rows).toHaveCount(waiting);
  }
});
