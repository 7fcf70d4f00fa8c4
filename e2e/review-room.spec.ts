/**
 * Room and steadiness on the review surface, with real touch: a swipe left turns the row
 * into its reason prompt in the row's own height, so no other row moves by more than 2 px,
 * on the task's card and in the Review inbox; and in landscape, after the demo wake, at
 * least three proposals show whole at once, the agent's card folded to its heading (Details
 * opens it, moving no proposal), while in portrait it stays open; and Settings, reached from a scrolled Review
 * list, opens at its top. Screenshots go to /tmp/review-shots.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { ReviewCard } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG } from './pages/review-setup';
import { openApp } from './support/app';
import { SIZES } from './support/sizes';
import { swipe, tap } from './support/touch';

test.describe.configure({ timeout: 60_000 });

/** Welcome → "Try the demo agent", until the wake has ended with its proposals shown. */
async function demoProposals(page: Page) {
  await openApp(page, '/');
  const welcome = page.getByRole('region', { name: 'Welcome to Countersign' });
  await tap(page, welcome.getByRole('button', { name: 'Try the demo agent' }));
  const card = new ReviewCard(page);
  await expect(card.withCount(LOGIN_BUG.proposals)).toBeVisible({ timeout: WAKE_TIMEOUT });
  await expect(new AgentPanel(page).wakeButton).toBeEnabled({ timeout: WAKE_TIMEOUT });
  await expect(card.region.locator('.review-card__why')).not.toBeEmpty();
  return card;
}

/** The top of every row and group in `list` (by key), and the height of each row. */
function placesIn(list: Locator) {
  return list.evaluate((element) => {
    const places: Record<string, { top: number; height: number }> = {};
    element.querySelectorAll<HTMLElement>('[data-review-key], section').forEach((item, index) => {
      const box = item.getBoundingClientRect();
      const key = item.dataset.reviewKey ?? `section ${index}`;
      places[key] = { top: box.top + scrollY, height: box.height };
    });
    return places;
  });
}

/**
 * Swipes the row left and checks the prompt that replaces it: no taller than the row, and
 * every other row (and group) where it was, within 2 px.
 */
async function rejectInPlace(page: Page, list: Locator, row: Locator, prompt: Locator) {
  const key = (await row.getAttribute('data-review-key'))!;
  await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const before = await placesIn(list);
  await swipe(page, row, -300);
  await expect(prompt).toBeVisible();
  const after = await placesIn(list);
  const promptBox = await prompt.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { top: box.top + scrollY, height: box.height };
  });
  expect(Math.abs(promptBox.top - before[key]!.top)).toBeLessThanOrEqual(2);
  expect(promptBox.height).toBeLessThanOrEqual(before[key]!.height + 2);
  const others = Object.keys(before).filter((other) => other !== key && after[other]);
  expect(others.length).toBeGreaterThan(0);
  for (const other of others)
    expect(Math.abs(after[other]!.top - before[other]!.top), other).toBeLessThanOrEqual(2);
  // Everything the prompt offers is there to touch: a reason, Undo and Close.
  for (const name of ['Wrong', 'Undo', 'Close'])
    await expect(prompt.getByRole('button', { name, exact: true })).toBeVisible();
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('the reason prompt after a swipe left takes the row’s height: nothing else moves, on the card and in the inbox', async ({
      page,
    }) => {
      const slug = size.name.replace(' ', '-');
      const card = await demoProposals(page);
      const list = card.region.locator('.review-list').first();
      await rejectInPlace(page, list, card.rows.nth(1), card.rejectionPrompt);
      await page.screenshot({ path: `/tmp/review-shots/prompt-${slug}-card.png` });

      const inbox = new ReviewInboxPage(page);
      await inbox.open();
      await expect(inbox.count).toHaveText(`${LOGIN_BUG.proposals - 1} changes waiting on 1 task`);
      await rejectInPlace(
        page,
        inbox.region.locator('.review-inbox__list'),
        inbox.rows.first(),
        inbox.rejectionPrompt,
      );
      await page.screenshot({ path: `/tmp/review-shots/prompt-${slug}-inbox.png` });
    });

    test('rows: a one-line change with its buttons beside it is one short line; every button takes a finger', async ({
      page,
    }) => {
      const card = await demoProposals(page);
      const inbox = new ReviewInboxPage(page);
      for (const [where, rows] of [
        ['task page', card.rows],
        ['inbox', null],
      ] as const) {
        if (where === 'inbox') await inbox.open();
        await expect((rows ?? inbox.rows).first()).toBeVisible();
        const measured = await (rows ?? inbox.rows).evaluateAll((elements) =>
          elements.map((row) => {
            const buttons = [...row.querySelectorAll<HTMLElement>('.review-row__actions .button')];
            const box = row.getBoundingClientRect();
            const first = buttons[0]?.getBoundingClientRect();
            const change = row.querySelector('.review-row__body')?.getBoundingClientRect();
            const line = row.querySelector('.review-row__change')?.getBoundingClientRect();
            return {
              height: Math.round(box.height),
              beside: first !== undefined && change !== undefined && first.top < change.bottom - 1,
              reason: row.querySelector('.review-row__why') !== null,
              // The Edit button's line is 30 px: one line of change.
              oneLine: line !== undefined && line.height <= 31,
              smallest: Math.min(...buttons.map((button) => button.getBoundingClientRect().height)),
            };
          }),
        );
        console.log(`rows ${size.name}, ${where}: ${JSON.stringify(measured)}`);
        expect(measured.length).toBeGreaterThan(0);
        for (const row of measured) {
          expect(row.smallest).toBeGreaterThanOrEqual(44);
          // With its reason under it, about 64 px (56 without one).
          if (row.beside && row.oneLine) expect(row.height).toBeLessThanOrEqual(66);
        }
        // Beside: on a tablet, but for the task page's narrow column in landscape.
        if (
          size.name === 'tablet portrait' ||
          (size.name === 'tablet landscape' && where === 'inbox')
        )
          expect(measured.filter((row) => row.beside && row.oneLine).length).toBeGreaterThan(0);
      }
      await page.screenshot({ path: `/tmp/review-shots/rows-${size.name.replace(' ', '-')}.png` });
    });
  });
}

test.describe('tablet portrait, a keyboard attached', () => {
  test('`?` shows the key legend and hides it again', async ({ page }) => {
    await demoProposals(page);
    const inbox = new ReviewInboxPage(page);
    await inbox.open();
    const legend = inbox.region.getByText(/^Keys:/);
    // A touch screen shows no legend until a key asks for it.
    await expect(legend).toBeHidden();
    await page.keyboard.press('?');
    await expect(legend).toBeVisible();
    await page.keyboard.press('?');
    await expect(legend).toBeHidden();
  });
});

test.describe('tablet landscape', () => {
  test.use({ viewport: { width: 1180, height: 820 } });

  test('after the demo wake, at least three proposals show whole, without scrolling', async ({
    page,
  }) => {
    const card = await demoProposals(page);
    await page.screenshot({ path: '/tmp/review-shots/room-tablet-landscape.png' });
    const whole = await card.rows.evaluateAll(
      (rows) =>
        rows.filter((row) => {
          const box = row.getBoundingClientRect();
          if (box.top < 0 || box.bottom > innerHeight || box.height === 0) return false;
          // Shown, not under a bar or outside its scrolling pane: its corners are its own.
          return [box.top + 4, box.bottom - 4].every((y) =>
            [box.left + 4, box.right - 4].every((x) =>
              row.contains(document.elementFromPoint(x, y)),
            ),
          );
        }).length,
    );
    expect(whole).toBeGreaterThanOrEqual(3);

    // The agent's card folded to its heading when the wake was done; Details opens it by
    // touch or keyboard, and the proposals beside it stay where they are either way.
    const agent = page.getByRole('region', { name: 'Agent' });
    const details = agent.getByRole('button', { name: 'Details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await expect(agent.getByText('Report · 1 observation')).toBeHidden();
    const height = (locator: Locator) =>
      locator.evaluate((el) => el.getBoundingClientRect().height);
    expect(await height(agent)).toBeLessThanOrEqual(100);
    const list = card.region.locator('.review-list').first();
    const before = await placesIn(list);
    await tap(page, details);
    await expect(details).toHaveAttribute('aria-expanded', 'true');
    await expect(agent.getByText('Report · 1 observation')).toBeVisible();
    await page.screenshot({ path: '/tmp/review-shots/room-tablet-landscape-agent-open.png' });
    expect(await placesIn(list)).toEqual(before);
    await details.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(await placesIn(list)).toEqual(before);
  });
});

test.describe('tablet portrait', () => {
  test('the agent’s card stays open above the proposals after the demo wake', async ({ page }) => {
    await demoProposals(page);
    const agent = page.getByRole('region', { name: 'Agent' });
    await expect(agent.getByRole('button', { name: 'Details' })).toBeHidden();
    await expect(agent.getByText('Report · 1 observation')).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use(SIZES.find((size) => size.name === 'phone')!.use);

  test('Settings reached from a scrolled Review list opens at its top', async ({ page }) => {
    await demoProposals(page);
    const inbox = new ReviewInboxPage(page);
    await inbox.open();
    await expect(inbox.rows).not.toHaveCount(0);
    await inbox.rows.last().evaluate((row) => row.scrollIntoView({ block: 'end' }));
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });
});
