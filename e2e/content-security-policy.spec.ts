/**
 * The Content-Security-Policy of index.html, in the built app. The app's own
 * pages, its workers, the service worker, a wake against a model server and sync against
 * a sync server all run under it without one violation; a script, an object or a <base>
 * injected into the page is refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { AgentPanel, WAKE_TIMEOUT } from './pages/agent-panel';
import { pointAtScriptedServer } from './pages/agent-settings';
import { SyncSettings } from './pages/sync-settings';
import { TaskPage } from './pages/task-page';
import { openApp, waitForServiceWorker } from './support/app';
import { ScriptedModel, call, modelName } from './support/scripted-model';
import { leaseJournal } from './support/sync-devices';

declare global {
  interface Window {
    __policyViolations?: string[];
    __injected?: boolean;
  }
}

/** Every violation the page reports, from the browser's console and the page's own events. */
async function recordViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(message.text());
  });
  await page.addInitScript(() => {
    window.__policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.__policyViolations!.push(`${event.effectiveDirective}: ${event.blockedURI}`),
    );
  });
  return found;
}

const pageViolations = (page: Page) => page.evaluate(() => window.__policyViolations ?? []);

test('the app, a wake, sync and the service worker run under the policy without a violation', async ({
  page,
  request,
}, testInfo) => {
  const console = await recordViolations(page);
  const llm = new ScriptedModel(request, modelName(testInfo));
  await llm.script([
    {
      toolCalls: [
        call('update_report', { oneLiner: 'All fine.', tldr: 'Nothing to do.', content: 'Done.' }),
      ],
    },
  ]);

  await openApp(page);
  await waitForServiceWorker(page);
  await pointAtScriptedServer(page, llm);
  const task = new TaskPage(page);
  await task.goto('sample-task-login-bug');
  const agent = new AgentPanel(page);
  await agent.wake();
  await expect(agent.reportHeading).toBeVisible({ timeout: WAKE_TIMEOUT });
  await task.enter(task.estimateField, '30');

  await new SyncSettings(page).connect(await leaseJournal());
  for (const path of ['/review', '/activity', '/settings']) await openApp(page, path);

  expect(await pageViolations(page)).toEqual([]);
  expect(console).toEqual([]);
});

test('a script, an object or a <base> injected into the page is refused', async ({ page }) => {
  await recordViolations(page);
  await openApp(page);
  await page.evaluate(() => {
    const inject = (tag: string, set: (element: HTMLElement) => void, parent = document.body) => {
      const element = document.createElement(tag);
      set(element);
      parent.append(element);
    };
    inject('script', (script) => (script.textContent = 'window.__injected = true'));
    inject('script', (script) => ((script as HTMLScriptElement).src = 'https://evil.example/x.js'));
    inject(
      'object',
      (object) => ((object as HTMLObjectElement).data = 'https://evil.example/x.swf'),
    );
    inject(
      'base',
      (base) => ((base as HTMLBaseElement).href = 'https://evil.example/'),
      document.head,
    );
  });
  // Each refusal is reported (the <base> again whenever the page reads its base address).
  await expect
    .poll(async () => [...new Set(await pageViolations(page))].sort())
    .toEqual([
      'base-uri: https://evil.example/',
      'object-src: https://evil.example',
      'script-src-elem: https://evil.example/x.js',
      'script-src-elem: inline',
    ]);
  expect(await page.evaluate(() => window.__injected)).toBeUndefined();
  // The app itself keeps working.
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});
