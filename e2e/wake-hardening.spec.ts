/**
 * As a person sees it on a tablet both ways and on a phone: each link in
 * the agent's report shows where it goes before it is followed, wraps with its text, and
 * says to a screen reader that it opens that site in a new tab.
 */
import { expect, test } from '@playwright/test';
import { openApp } from './support/app';
import { SIZES } from './support/sizes';

const TASK = 'sample-task-login-bug';
const REPORT = [
  '## Sources',
  '- The vendor notes: [Safari cookie policy](https://webkit.org/blog/10218/full-third-party-cookie-blocking-and-more/)',
  '- A link whose text names another site: [https://bank.example](https://login.evil.example/bank?session=1)',
  '- Ask the team: [write to Sam](mailto:sam@example.com)',
].join('\n');

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('report links show their destination before they open', async ({ page }, testInfo) => {
      await openApp(page, `/tasks/${TASK}`);
      await page.evaluate(
        ({ taskId, content }) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('countersign');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const now = new Date().toISOString();
              const transaction = open.result.transaction('reports', 'readwrite');
              transaction.objectStore('reports').put({
                id: `default-agent:${taskId}`,
                agentId: 'default-agent',
                taskId,
                oneLiner: 'Safari drops the session cookie after sign-in.',
                tldr: 'Sources below.',
                content,
                createdAt: now,
                updatedAt: now,
                rev: 1,
                vectorClock: {},
              });
              transaction.oncomplete = () => resolve();
              transaction.onerror = () => reject(transaction.error);
            };
          }),
        { taskId: TASK, content: REPORT },
      );
      // Written beside Dexie, so the page reads it on its next load.
      await page.reload();
      const agent = page.getByRole('region', { name: 'Agent', exact: true });
      await agent.locator('summary', { hasText: /^Report/ }).click();
      await agent.getByText('Full report').click();

      const bank = agent.getByRole('link', {
        name: 'https://bank.example (opens login.evil.example in a new tab)',
      });
      await expect(bank).toContainText('https://bank.example (login.evil.example ↗)');
      await expect(bank).toHaveAttribute('target', '_blank');
      await expect(
        agent.getByRole('link', { name: 'Safari cookie policy (opens webkit.org in a new tab)' }),
      ).toBeVisible();
      await expect(
        agent.getByRole('link', { name: 'write to Sam (writes an email to sam@example.com)' }),
      ).toBeVisible();
      // Nothing spills sideways on a phone: the report fits its card.
      const overflow = await agent.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await agent.locator('.agent-report__full').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: testInfo.outputPath(`report-links-${size.name.replace(/ /g, '-')}.png`),
      });
    });
  });
}
