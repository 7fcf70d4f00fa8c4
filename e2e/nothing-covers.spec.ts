/**
 * Nothing covers a control: at a tablet's two orientations and on a phone, with sync on
 * (its indicator showing), after decisions that leave the status bar's Undo and a rule
 * offer on screen, no fixed layer (the sync indicator, toasts, the update prompt, a rule
 * offer) lies over Undo, a row's buttons, the rule offer's buttons or the navigation's
 * links, measured from the elements' boxes. The navigation is the frame: what is under a
 * bottom bar is scrolled out of the page, not covered. Screenshots go to /tmp/review-shots.
 */
import { devices, expect, test, type Page } from '@playwright/test';
import { ReviewCard } from './pages/review-card';
import { OFFSITE, chooseDemoAgent, wakeAgent } from './pages/review-setup';
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
    const reachable = (box: Box) =>
      box.x >= 0 &&
      box.y >= 0 &&
      box.x + box.width <= innerWidth &&
      box.y + box.height <= innerHeight &&
      !(navBox && overlap(box, navBox));
    const layers = [...document.querySelectorAll('body *')].filter(
      (element) =>
        getComputedStyle(element).position === 'fixed' &&
        element !== nav &&
        !nav?.contains(element) &&
        shown(boxOf(element, '')),
    );
    const controls = [
      ...[...document.querySelectorAll('.review-status button')].map((b) => ['Undo', b] as const),
      ...[...document.querySelectorAll('.review-row__actions button')].map(
        (b) => ['row button', b] as const,
      ),
      ...[...document.querySelectorAll('.rule-offer button')].map(
        (b) => ['rule offer button', b] as const,
      ),
    ]
      .map(([kind, element]) => ({ element, box: boxOf(element, `${kind} "${name(element)}"`) }))
      .filter(({ box }) => shown(box) && reachable(box));
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
      await card.reviewEach('Checklist');
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
  });
}
