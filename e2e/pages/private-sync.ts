/** Settings → Sync's private sync (encrypt, Add a device, Join with a code, the recovery phrase), by touch. */
import { expect, type Locator, type Page } from '@playwright/test';
import { tap } from '../support/touch';

/** A finger tap on a control, once it is scrolled into view as a person would. */
export async function touch(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await tap(page, target);
}
import { SyncSettings } from './sync-settings';

export class PrivateSync {
  readonly settings: SyncSettings;
  constructor(readonly page: Page) {
    this.settings = new SyncSettings(page);
  }

  get section() {
    return this.settings.section;
  }

  button(name: string | RegExp, within: Locator = this.page.locator('body')) {
    return within.getByRole('button', { name, exact: typeof name === 'string' });
  }

  /** Encrypts the journal and returns its key's words. */
  async encrypt(): Promise<string> {
    await this.settings.open();
    await touch(this.page, this.button('Encrypt this journal', this.section));
    await expect(this.section.getByText(/This journal is encrypted/)).toBeVisible({
      timeout: 15_000,
    });
    return this.fingerprint(this.section);
  }

  async fingerprint(within: Locator): Promise<string> {
    const words = within.locator('.fingerprint').first();
    await expect(words).toHaveText(/^(\w+ ){4}\w+$/);
    return (await words.textContent())!;
  }

  /** Add a device, after its warning: the link the code carries. */
  async showCode(): Promise<string> {
    await touch(this.page, this.button('Add a device', this.section));
    await expect(
      this.section.getByText(/Anyone who sees this code can read your journal/),
    ).toBeVisible();
    await touch(this.page, this.button('Show the code', this.section));
    await expect(
      this.section.getByRole('img', { name: 'Join code for a new device' }),
    ).toBeVisible();
    return this.section.getByRole('textbox', { name: /as a link/ }).inputValue();
  }

  /** Join with a code, opened in Settings → Sync. */
  async openJoin() {
    await this.settings.open();
    await touch(this.page, this.button('Join with a code', this.section));
  }

  async paste(code: string) {
    await this.section.getByRole('textbox', { name: /paste the code/ }).fill(code);
    await touch(this.page, this.button('Join with this code', this.section));
  }

  joinedNotice(within: Locator = this.section) {
    return within.getByText(/This device joined the journal/);
  }
}
