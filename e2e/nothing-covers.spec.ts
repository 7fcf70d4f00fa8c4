/**
 * Nothing covers a control: at a tablet's two orientations and on a phone, with sync on
 * (its indicator showing), after decisions that leave the status bar's Undo and a rule
 * offer on screen, no fixed layer (the sync indicator, toasts, the update prompt, a rule
 * offer, the inbox's stuck task heading) lies over Undo, a row's buttons, the rule offer's
 * buttons, the stuck heading's link or the navigation's links, measured from the elements'
 * boxes. The navigation and the sticky bars are the frame: what is under a bottom bar or
 * a sticky one is scrolled out of the page, not covered; the sticky bars' own controls must
 * be clear. Screenshots go to /tmp/review-shots.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { ReviewCard } from './pages/review-card';
import { ReviewInboxPage } from './pages/review-inbox';
import { LOGIN_BUG, OFFSITE, chooseDemoAgent, wakeAgent } from './pages/review-setup';
import { SyncSettings } from './pages/sync-settings';
import { TaskPage } from './pages/task-page';
import { leaseJournal } from './support/sync-devices';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'tablet portrait', use: { viewport: { width: 820, height: 1180 } } },
  { name: 'tablet landscape', use: { viewport: { width: 1180, height: 820 } } },
  {
    name: 'phone',
    use: (({ defaultBrowserType: _browser, ...phone }) => phone)(devices['Pixel 7']),
  },
] as const;

interface Box {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Every pair of a fixed layer and a control it lies over. Controls count where a finger
 * can reach them: inside the viewport, outside the navigation.
 */
function coverings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element) =>
      element.getAttribute('aria-label') ??
      (element.textContent ?? '').trim().slice(0, 40) ??
      element.tagName;
    const boxOf = (element: Element, what: string): Box => {
      const rect = element.getBoundingClientRect();
      return { what, x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const shown = (box: Box) => box.width > 0 && box.height > 0;
    const overlap = (a: Box, b: Box) =>
      a.x < b.x + b.width - 1 &&
      b.x < a.x + a.width - 1 &&
      a.y < b.y + b.height - 1 &&
      b.y < a.y + a.height - 1;
    const nav = document.querySelector('nav[aria-label="Main"]');
    const navBox = nav ? boxOf(nav, 'navigation') : undefined;
    const layers = [...document.querySelectorAll('body *')].filter(
      (element) =>
        ['fixed', 'sticky'].includes(getComputedStyle(element).position) &&
        element !== nav &&
        !nav?.contains(element) &&
        shown(boxOf(element, '')),
    );
    const sticky = layers.filter((layer) => getComputedStyle(layer).position === 'sticky');
    /** Under a sticky bar it does not belong to: scrolled out of view there. */
    const underStickyBar = (element: Element, box: Box) =>
      sticky.some((bar) => !bar.contains(element) && overlap(boxOf(bar, ''), box));
    const reachable = (element: Element, box: Box) =>
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= innerWidth &&
      box.y + box.height <= innerHeight &&
      !(navBox && overlap(box, navBox)) &&
      !underStickyBar(element, box);
    const controls = [
      ...[...document.querySelectorAll('.review-status button')].map((b) => ['Undo', b] as const),
      ...[...document.querySelectorAll('.review-row__actions button')].map(
        (b) => ['row button', b] as const,
      ),
      ...[...document.querySelectorAll('.rule-offer button')].map(
        (b) => ['rule offer button', b] as const,
      ),
      ...[...document.querySelectorAll('.review-inbox__stuck a')].map(
        (a) => ['stuck heading link', a] as const,
      ),
    ]
      .map(([kind, element]) => ({ element, box: boxOf(element, `${kind} "${name(element)}"`) }))
      .filter(({ element, box }) => shown(box) && reachable(element, box));
    const navLinks = [...(nav?.querySelectorAll('a') ?? [])].map((element) => ({
      element,
      box: boxOf(element, `navigation link "${name(element)}"`),
    }));
    const found: string[] = [];
    for (const layer of layers) {
      const layerBox = boxOf(layer, `${layer.className || layer.tagName} "${name(layer)}"`);
      for (const { element, box } of [...controls, ...navLinks]) {
        if (layer.contains(element) || element.contains(layer)) continue;
        if (overlap(layerBox, box)) found.push(`${layerBox.what} covers ${box.what}`);
      }
    }
    return found;
  });
}

/** The status bar stuck to the top of the screen, as while the rows scroll under it. */
async function statusBarStuck(page: Page, card: ReviewCard) {
  await card.statusBar.evaluate((bar) => {
    const top = bar.getBoundingClientRect().top + scrollY;
    scrollTo(0, top + 40);
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('no fixed layer covers Undo, a row’s buttons or a rule offer’s buttons', async ({
      page,
    }) => {
      const slug = size.name.replace(' ', '-');
      await new SyncSettings(page).connect(await leaseJournal());
      await chooseDemoAgent(page);
      const task = new TaskPage(page);
      await task.goto(OFFSITE.id);
      await wakeAgent(page, OFFSITE.proposals);
      await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({
        timeout: 15_000,
      });
      const card = new ReviewCard(page);
      // Three rejections of one kind in Work earn the offer to stop proposing it there.
      for (let count = 0; count < 3; count += 1) {
        const reject = card
          .rowContaining(/Add: /)
          .first()
          .getByRole('button', { name: /^Reject/ });
        await reject.click();
        await expect(card.withCount(OFFSITE.proposals - count - 1)).toBeVisible();
      }
      const offer = page.getByRole('region', { name: /^Stop proposing / });
      await expect(offer).toBeVisible();
      // And a confirmation, whose Undo the status bar offers.
      await card.confirmButton(card.rowContaining(/Add: /).first()).click();
      await expect(card.statusBar.getByRole('button', { name: 'Undo' })).toBeVisible();

      await page.evaluate(() => scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/review-shots/covers-${slug}-top.png` });
      expect(await coverings(page), 'at the top of the page').toEqual([]);

      await statusBarStuck(page, card);
      await page.screenshot({ path: `/tmp/review-shots/covers-${slug}-stuck.png` });
      expect(await coverings(page), 'with the status bar stuck at the top').toEqual([]);

      await offer.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await page.screenshot({ path: `/tmp/review-shots/covers-${slug}-offer.png` });
      expect(await coverings(page), 'with the rule offer in view').toEqual([]);
    });

    test('in the inbox, the task heading stuck under the status bar covers no control, nor does anything cover it', async ({
      page,
    }) => {
      const slug = size.name.replace(' ', '-');
      await chooseDemoAgent(page);
      const task = new TaskPage(page);
      for (const sample of [LOGIN_BUG, OFFSITE]) {
        await task.goto(sample.id);
        await wakeAgent(page, sample.proposals);
        await expect(page.getByRole('button', { name: 'Wake agent' })).toBeEnabled({
          timeout: 15_000,
        });
      }
      const inbox = new ReviewInboxPage(page);
      await inbox.open();
      const stuck = page.locator('.review-inbox__stuck');
      await expect(inbox.rows).not.toHaveCount(0);
      await expect(stuck).toHaveCount(0);
      // A decision, so the status bar holds an Undo, then the list scrolled until the first
      // task's third row stands under the status bar: its heading is gone above.
      await inbox.rows
        .first()
        .getByRole('button', { name: /^Confirm: / })
        .click();
      const undo = page.locator('.review-status').getByRole('button', { name: 'Undo' });
      await expect(undo).toBeVisible();
      // Room to scroll on a tall screen, as a longer list would give.
      await page.evaluate(() => (document.body.style.paddingBottom = `${innerHeight}px`));
      const third = inbox.rows.nth(2);
      await third.evaluate((row) => {
        const bar = document.querySelector('.review-status')!.getBoundingClientRect();
        scrollBy(0, row.getBoundingClientRect().top - bar.bottom - 8);
      });
      await expect(stuck).toContainText(LOGIN_BUG.proposedTitle);
      await expect(stuck).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `/tmp/review-shots/covers-${slug}-inbox-stuck.png` });
      expect(await coverings(page), 'with a task heading stuck').toEqual([]);
      const [barBox, stuckBox] = await Promise.all([
        page.locator('.review-status').boundingBox(),
        stuck.boundingBox(),
      ]);
      expect(stuckBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);

      // Scrolled on to the next task: its heading, not the first's.
      const offsiteRow = inbox.row(`Checklist · Add: "${OFFSITE.newItems[1]}"`);
      await offsiteRow.evaluate((row) => {
        const bar = document.querySelector('.review-status')!.getBoundingClientRect();
        scrollBy(0, row.getBoundingClientRect().top - bar.bottom - 8);
      });
      await expect(stuck).toContainText(OFFSITE.title);
      expect(await coverings(page), 'with the next task’s heading stuck').toEqual([]);
    });
  });
}
