/**
 * The agent on `/tasks/:id`: the "Agent" section (Wake agent, Cancel, the live status
 * line, a failure notice, the report, observations) and the "Proposed changes" card
 * where what it proposed waits for review.
 */
import { expect, type Page } from '@playwright/test';

/** How long a whole wake may take on a busy two-core machine. */
export const WAKE_TIMEOUT = 15_000;

declare global {
  interface Window {
    /** Every text the agent's status line showed since recordStatusLines(), in order. */
    __agentStatusLines?: string[];
  }
}

export class AgentPanel {
  constructor(readonly page: Page) {}

  get region() {
    return this.page.getByRole('region', { name: 'Agent', exact: true });
  }

  get wakeButton() {
    return this.region.getByRole('button', { name: 'Wake agent' });
  }

  get cancelButton() {
    return this.region.getByRole('button', { name: 'Cancel', exact: true });
  }

  /**
   * The polite live line ("Thinking (turn 1 of up to 8)…", "Done: …"). It is the panel's
   * first status; a notice about a wake in another tab would come after it.
   */
  get statusLine() {
    return this.region.getByRole('status').first();
  }

  /** How a failed wake is announced: an error notice with the reason in words (and a link). */
  get failure() {
    return this.region.getByRole('alert');
  }

  /** The failure's reason alone, without the link beside it. */
  get failureMessage() {
    return this.failure.locator('.agent-status__failure');
  }

  /** The closed "Report" disclosure the panel shows once the agent reported. */
  get reportHeading() {
    return this.region.locator('details.agent-panel__notes > summary', { hasText: 'Report' });
  }

  /** Opens the report (closed by default, so nothing below moves by itself). */
  async openReport() {
    const details = this.region.locator('details.agent-panel__notes');
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
      await this.reportHeading.click();
  }

  /**
   * On a device with no model and sync on, what Wake agent's request to the agent device
   * says: "Asking the agent device…", then its answer, or what to do when none is online.
   */
  get askNotice() {
    return this.region
      .locator('.notice')
      .filter({ hasText: /^(Asking the agent device…|Asked the agent on |No agent device )/ });
  }

  /** "The agent has no model yet…" with the way to set it up: information, not an error. */
  get setUpNotice() {
    return this.region.locator('.notice--info').filter({ hasText: 'The agent has no model yet.' });
  }

  get observations() {
    return this.region.getByRole('list', { name: 'Observations, newest first' });
  }

  /** The card of pending proposals; absent while nothing waits for review. */
  get proposals() {
    return this.page.getByRole('region', { name: /^Proposed changes/ });
  }

  /** The proposals' rows, with a batch's items shown each as its own row. */
  get proposalItems() {
    return this.proposals.getByRole('article');
  }

  /** One proposal, named "<kind> · <summary>", e.g. `Estimate · Set estimate to 120 minutes`. */
  proposal(name: string) {
    return this.proposals.getByRole('article', { name, exact: true });
  }

  async wake() {
    await expect(this.wakeButton).toBeVisible();
    await this.wakeButton.click();
  }

  /**
   * Starts remembering every text of the status line. Some states last a fraction of a
   * second, so polling could miss them; a MutationObserver in the page does not.
   */
  async recordStatusLines() {
    await expect(this.statusLine).toBeAttached();
    await this.statusLine.evaluate((line) => {
      const seen: string[] = [];
      window.__agentStatusLines = seen;
      const record = () => {
        const text = line.textContent?.trim() ?? '';
        if (text !== '' && seen.at(-1) !== text) seen.push(text);
      };
      record();
      new MutationObserver(record).observe(line, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    });
  }

  async statusLines(): Promise<string[]> {
    return this.page.evaluate(() => window.__agentStatusLines ?? []);
  }
}
