/**
 * `/settings#agent`: the model the agent uses (provider, base URL, model, API key, Save,
 * Test connection) and the categories it may act on. Everything is found inside the
 * "Agent" section: the label form of the Labels section has category checkboxes too.
 */
import { expect, type Page } from '@playwright/test';
import { openApp } from '../support/app';

const COMPATIBLE_PROVIDER =
  'OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)';
export const DEMO_PROVIDER = 'Demo agent (scripted, no AI)';

export interface CompatibleServer {
  baseURL: string;
  model: string;
  apiKey?: string;
}

export class AgentSettings {
  constructor(readonly page: Page) {}

  async goto() {
    await openApp(this.page, '/settings#agent');
    await expect(this.provider).toBeVisible();
  }

  get section() {
    return this.page.getByRole('region', { name: 'Agent', exact: true });
  }

  get modelForm() {
    return this.section.getByRole('form', { name: 'Language model' });
  }

  get provider() {
    return this.modelForm.getByRole('combobox', { name: 'Provider' });
  }

  get baseURL() {
    return this.modelForm.getByRole('textbox', { name: 'Base URL' });
  }

  get model() {
    return this.modelForm.getByRole('textbox', { name: 'Model', exact: true });
  }

  /** A password field has no role: found by its label ("API key (optional)" for a server). */
  get apiKey() {
    return this.modelForm.getByLabel(/^API key/);
  }

  get saveButton() {
    return this.modelForm.getByRole('button', { name: 'Save', exact: true });
  }

  get testButton() {
    return this.modelForm.getByRole('button', { name: 'Test connection' });
  }

  /** "Saved. The agent will use … on its next wake." */
  get savedMessage() {
    return this.modelForm.getByRole('status').filter({ hasText: /^Saved\. / });
  }

  /** What the last Test connection said, in words. */
  get connectionResult() {
    return this.modelForm.getByText(
      /^(Success\.|Connected, with a warning\.|The test failed\.|The test could not run|Test cancelled\.)/,
    );
  }

  get categories() {
    return this.section.getByRole('group', { name: 'Categories the agent may act on' });
  }

  category(name: string) {
    return this.categories.getByRole('checkbox', { name, exact: true });
  }

  async useCompatibleServer({ baseURL, model, apiKey = '' }: CompatibleServer) {
    await this.provider.selectOption({ label: COMPATIBLE_PROVIDER });
    await this.baseURL.fill(baseURL);
    await this.model.fill(model);
    await this.apiKey.fill(apiKey);
    await this.save(`${model} at ${baseURL}`);
  }

  async useDemoAgent() {
    await this.provider.selectOption({ label: DEMO_PROVIDER });
    await this.save('the demo agent');
  }

  /** Ticks a category (saved at once) and waits until the save is confirmed. */
  async allowCategory(name: string) {
    await this.category(name).check();
    await expect(
      this.categories
        .getByRole('status')
        .filter({ hasText: `Saved: the agent may act on tasks in "${name}".` }),
    ).toBeVisible();
  }

  async testConnection() {
    await this.testButton.click();
    await expect(this.connectionResult).toBeVisible({ timeout: 15_000 });
    return this.connectionResult;
  }

  private async save(described: string) {
    await this.saveButton.click();
    await expect(this.savedMessage).toHaveText(
      `Saved. The agent will use ${described} on its next wake.`,
    );
  }
}

/** Settings → Agent pointed at a test's scripted model, allowed on one category. */
export async function pointAtScriptedServer(
  page: Page,
  server: { baseURL: string; name: string },
  category = 'Work',
): Promise<AgentSettings> {
  const settings = new AgentSettings(page);
  await settings.goto();
  await settings.useCompatibleServer({ baseURL: server.baseURL, model: server.name });
  await settings.allowCategory(category);
  return settings;
}
