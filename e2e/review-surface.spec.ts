/**
 * The review surface as a new person meets it, on a tablet in portrait and in landscape
 * and on a phone, with real touch: the welcome's "Try the demo agent" opens a sample task
 * with its wake running; the first proposal's Confirm is on screen without scrolling and
 * under no bar; a tap where "Wake agent" was, a second after the proposals arrive,
 * confirms nothing; after a swipe, the next row comes to rest where the finger was, on the
 * task's card and in the Review inbox.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { ReviewCard } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG } from './pages/review-setup';
import { readStoredReview } from './pages/review-store';
import { openApp } from './support/app';
import { SIZES } from './support/sizes';
import { swipe, tap, tapAt } from './support/touch';

// A demo wake takes about 7 s on two busy cores.
test.describe.configure({ timeout: 60_000 });

/** The first screen's welcome → "Try the demo agent": the sample task opens, waking. */
async function tryTheDemo(page: Page, beforeTap?: () => Promise<void>) {
  await openApp(page, '/');
  await beforeTap?.();
  const welcome = page.getByRole('region', { name: 'Welcome to Countersign' });
  await tap(page, welcome.getByRole('button', { name: 'Try the demo agent' }));
  await expect(page).toHaveURL(new RegExp(`/tasks/${LOGIN_BUG.id}$`));
  return new AgentPanel(page);
}

/** Where an element's middle is, and whether that point shows the element (not a bar over it). */
async function middleOf(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const point = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const there = document.elementFromPoint(point.x, point.y);
    const row = element.closest('[data-review-key]') ?? element;
    const rowTop = row.getBoundingClientRect().top;
    // Buttons beside the text sit at the row's top; under the text, they are further down.
    const besideText = box.top - rowTop < 30;
    return { ...point, rowTop, besideText, shown: there !== null && element.contains(there) };
  });
}

/**
 * Whether every part of the element shows, not a bar over it: its middle and points near its
 * corners (12 px in from the sides, 6 px from top and bottom: inside its rounded corners).
 */
async function wholeShown(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const xs = [box.left + 12, box.left + box.width / 2, box.right - 12];
    const ys = [box.top + 6, box.top + box.height / 2, box.bottom - 6];
    return xs.every((x) =>
      ys.every((y) => {
        const there = document.elementFromPoint(x, y);
        return there !== null && element.contains(there);
      }),
    );
  });
}

/**
 * After the collapse, the next row takes the decided row's place: its top where that row's
 * top was, and, where the buttons sit beside the text (a wide row), its Confirm exactly under
 * the finger. In a narrow row the buttons sit under text of any length, so the row's top is
 * the promise there.
 */
async function expectToLandAt(
  row: Locator,
  confirm: Locator,
  before: Awaited<ReturnType<typeof middleOf>>,
) {
  await restingTop(row);
  const landed = await middleOf(confirm);
  expect(landed.shown).toBe(true);
  expect(Math.abs(landed.rowTop - before.rowTop)).toBeLessThanOrEqual(2);
  if (before.besideText && landed.besideText) {
    expect(Math.abs(landed.y - before.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(landed.x - before.x)).toBeLessThanOrEqual(2);
  }
}

/** Starts noting, every frame, where the row `key` is (its top, in viewport pixels). */
async function watchRow(page: Page, key: string | null) {
  await page.evaluate((key) => {
    const tops: number[] = [];
    Object.assign(window, { __rowTops: tops });
    const note = () => {
      const row = document.querySelector(`[data-review-key="${key}"]`);
      if (row) tops.push(row.getBoundingClientRect().top);
      if (tops.length < 180) requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  }, key);
}

/** The row only ever moved up (closing the gap), never down first, as it came to rest. */
async function expectOnlyMovedUp(page: Page) {
  const tops = await page.evaluate(() => (window as unknown as { __rowTops: number[] }).__rowTops);
  const downs = tops.slice(1).map((top, index) => top - tops[index]!);
  expect(Math.max(0, ...downs)).toBeLessThanOrEqual(1);
}

/**
 * Notes, every frame from their arrival on (10 s at most), where each row of the card (or
 * of the list `within` names) is: the first in `__rowTops`, every row by key in `__rowTopsByKey`.
 */
async function watchProposals(page: Page, within = '.review-card') {
  await page.evaluate((within) => {
    const tops: number[] = [];
    const byKey: Record<string, number[]> = {};
    Object.assign(window, { __rowTops: tops, __rowTopsByKey: byKey });
    let frames = 0;
    const note = () => {
      const rows = document.querySelectorAll<HTMLElement>(`${within} [data-review-key]`);
      rows.forEach((row, index) => {
        const top = row.getBoundingClientRect().top;
        if (index === 0) tops.push(top);
        (byKey[row.dataset.reviewKey!] ??= []).push(top);
      });
      if (frames++ < 600) requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  }, within);
}

/** The watched row kept its top in every frame noted (a jump and back counts). */
async function expectNeverMoved(page: Page) {
  const tops = await page.evaluate(() => (window as unknown as { __rowTops: number[] }).__rowTops);
  expect(tops.length).toBeGreaterThan(0);
  expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(1);
}

/** No row watched moved from where it first showed: each came with its preview. */
async function expectNoRowMoved(page: Page) {
  const byKey = await page.evaluate(
    () => (window as unknown as { __rowTopsByKey: Record<string, number[]> }).__rowTopsByKey,
  );
  const moves = Object.fromEntries(
    Object.entries(byKey).map(([key, tops]) => [key, Math.max(...tops) - Math.min(...tops)]),
  );
  expect(Object.keys(moves).length).toBeGreaterThan(1);
  for (const moved of Object.values(moves))
    expect(moved, JSON.stringify(moves)).toBeLessThanOrEqual(1);
}

/** Waits until the element stops moving (the collapse above it has ended). */
async function restingTop(target: Locator): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const top = (await target.boundingBox())?.y ?? Number.NaN;
        const still = Math.abs(top - last) < 0.5;
        last = top;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return last;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('after the demo wake, the first proposal’s Confirm is on screen, and a tap where Wake agent was confirms nothing', async ({
      page,
    }) => {
      // Every frame from the proposals' arrival to the wake's end: no row ever moves (each
      // shows with its preview, before → after, not in words that the preview then replaces).
      const agent = await tryTheDemo(page, () => watchProposals(page));
      const wakeButton = await middleOf(agent.wakeButton);
      const card = new ReviewCard(page);
      await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible({ timeout: WAKE_TIMEOUT });

      // The Review count came with the proposals, and no tab moved for it: Review, count
      // and all, is as tall as Tasks.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: /^Review/ }).getByRole('img')).toBeVisible();
      const [tasks, review] = await Promise.all(
        ['Tasks', 'Review'].map((name) =>
          nav.getByRole('link', { name: new RegExp(`^${name}`) }).boundingBox(),
        ),
      );
      expect(review?.height).toBe(tasks?.height);
      // On a bottom bar the tabs share one top; the landscape rail stacks them.
      if (size.name !== 'tablet landscape') expect(review?.y).toBe(tasks?.y);

      // Nobody scrolled: the page is where it opened, and the first row's buttons show.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const first = card.rows.first();
      const arrived = await card.confirmButton(first).boundingBox();
      for (const button of [card.confirmButton(first), card.rejectButton(first)]) {
        await expect(button).toBeInViewport({ ratio: 1 });
        // All of it: on a phone, a button half under the navigation bar is not on screen.
        expect(await wholeShown(button)).toBe(true);
      }

      // The report comes after the proposals, with the summary line over them: the first
      // Confirm stays where it appeared.
      await expect(agent.statusLine).toContainText('Done', { timeout: WAKE_TIMEOUT });
      await expect(card.region.locator('.review-card__why')).not.toBeEmpty();
      expect(await card.confirmButton(first).boundingBox()).toEqual(arrived);
      await expectNeverMoved(page);
      await expectNoRowMoved(page);

      // A second tap on Wake agent, a second after the proposals came: whatever is
      // there now, it is not Confirm all nor any Confirm.
      await page.waitForTimeout(1_000);
      await tapAt(page, wakeButton);
      await page.waitForTimeout(800);
      expect((await readStoredReview(page, LOGIN_BUG.id)).decisions).toEqual([]);
      await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible();
    });

    test('after a swipe, the next row comes to rest where the finger was, on the card and in the inbox', async ({
      page,
    }) => {
      const agent = await tryTheDemo(page);
      const card = new ReviewCard(page);
      await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible({ timeout: WAKE_TIMEOUT });
      await expect(agent.wakeButton).toBeEnabled({ timeout: WAKE_TIMEOUT });

      const first = card.rows.first();
      const second = card.rows.nth(1);
      const secondKey = await second.getAttribute('data-review-key');
      const finger = await middleOf(card.confirmButton(first));
      await watchRow(page, secondKey);
      await swipe(page, first, 300);
      await expect(card.withCount(LOGIN_BUG.proposals - 1)).toBeVisible();

      const next = card.rows.first();
      await expect(next).toHaveAttribute('data-review-key', secondKey ?? '');
      await expectToLandAt(next, card.confirmButton(next), finger);
      await expectOnlyMovedUp(page);

      // The same in the Review inbox, whose rows are virtualised. Its rows, too, show with
      // their previews: none moves once it has shown.
      const inbox = new ReviewInboxPage(page);
      await watchProposals(page, '.review-inbox__list');
      await inbox.open();
      await expect(inbox.count).toHaveText(`${LOGIN_BUG.proposals - 1} changes waiting on 1 task`);
      await page.waitForTimeout(500);
      await expectNoRowMoved(page);
      const row = inbox.rows.first();
      await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const rowFinger = await middleOf(row.getByRole('button', { name: /^Confirm: / }));
      const following = await inbox.rows.nth(1).getAttribute('data-review-key');
      await watchRow(page, following);
      await swipe(page, row, 300);
      await expect(inbox.count).toHaveText(`${LOGIN_BUG.proposals - 2} changes waiting on 1 task`);
      const inboxNext = inbox.region.locator(`[data-review-key="${following}"]`);
      await expectToLandAt(
        inboxNext,
        inboxNext.getByRole('button', { name: /^Confirm: / }),
        rowFinger,
      );
      await expectOnlyMovedUp(page);
    });
  });
}
