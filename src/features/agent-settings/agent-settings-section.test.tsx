import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAutoWake, readProviderSettings, readTtlDays } from '../../db/agent-settings';
import { readDefaultAgent } from '../../db/agent-config';
import { getDatabase } from '../../db/connection';
import { dispatch } from '../../dispatcher/dispatch';
import { AgentSettingsSection } from './agent-settings-section';

const connection = vi.hoisted(() => ({ testConnection: vi.fn() }));
vi.mock('../../agent/providers/test-connection', () => connection);

beforeEach(async () => {
  connection.testConnection.mockReset();
  await getDatabase().delete();
  await getDatabase().open();
});
afterEach(() => cleanup());

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AgentSettingsSection />
    </QueryClientProvider>,
  );
}

const modelForm = () => screen.getByRole('form', { name: 'Language model' });
const provider = () => screen.findByLabelText('Provider');

async function chooseProvider(label: string) {
  await userEvent.selectOptions(await provider(), label);
}

async function fillCompatible() {
  await chooseProvider('OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)');
  await userEvent.type(screen.getByLabelText('Base URL'), 'http://localhost:11434/v1');
  await userEvent.type(screen.getByLabelText('Model'), 'llama3.2');
}

async function addCategory(name: string) {
  const result = await dispatch(
    getDatabase(),
    'save_category',
    { name, color: '#336699' },
    { source: 'user' },
  );
  return result.data!.categoryId as string;
}

describe('AgentSettingsSection', () => {
  it('is the "Agent" section, reachable as #agent, with no provider chosen by default', async () => {
    const { container } = renderSection();
    expect(screen.getByRole('heading', { level: 2, name: 'Agent' })).toBeInTheDocument();
    expect(container.querySelector('section#agent')).not.toBeNull();
    const select = await provider();
    expect(select).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'Choose…' })).toBeInTheDocument();
    expect(
      within(select).getByRole('option', { name: 'Demo agent (scripted, no AI)' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No model is set/)).toBeInTheDocument();
    expect(await readProviderSettings(getDatabase())).toBeUndefined();
  });

  it('asks for a provider before saving anything', async () => {
    renderSection();
    await provider();
    await userEvent.click(within(modelForm()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a provider');
    expect(await readProviderSettings(getDatabase())).toBeUndefined();
  });

  it('shows each problem at its field and saves nothing', async () => {
    renderSection();
    await chooseProvider(
      'OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)',
    );
    const baseURL = screen.getByLabelText('Base URL');
    expect(baseURL).toHaveAttribute('placeholder', 'http://localhost:11434/v1');
    await userEvent.type(baseURL, 'localhost:11434/v1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/is not a web address/)).toBeInTheDocument();
    expect(baseURL).toHaveAttribute('aria-invalid', 'true');
    expect(baseURL).toHaveAccessibleDescription(/is not a web address/);
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription(/Enter a model name/);
    await waitFor(() => expect(baseURL).toHaveFocus());
    expect(await readProviderSettings(getDatabase())).toBeUndefined();
    expect(connection.testConnection).not.toHaveBeenCalled();
  });

  it('saves an OpenAI-compatible server without testing it, the key optional', async () => {
    renderSection();
    await fillCompatible();
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription(/llama3\.2/);
    expect(
      screen.getByText(
        'Your API key is stored encrypted in this browser on this device only. It is never exported or synced.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/^Saved\. The agent will use llama3\.2 at/)).toBeInTheDocument();
    expect(await readProviderSettings(getDatabase())).toEqual({
      kind: 'openai-compatible',
      baseURL: 'http://localhost:11434/v1',
      model: 'llama3.2',
    });
    expect(connection.testConnection).not.toHaveBeenCalled();
  });

  it('requires an Anthropic key, keeps the base URL behind "Custom base URL", and hides the key until asked', async () => {
    renderSection();
    await chooseProvider('Anthropic');
    expect(screen.queryByLabelText('Base URL')).toBeNull();
    await userEvent.type(screen.getByLabelText('Model'), 'claude-sonnet-4-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Enter your Anthropic API key/)).toBeInTheDocument();

    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    await userEvent.type(key, 'sk-ant-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(key).toHaveAttribute('type', 'password');

    const disclosure = screen.getByRole('button', { name: 'Custom base URL' });
    expect(disclosure).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(disclosure);
    expect(disclosure).toHaveAttribute('aria-expanded', 'true');
    const baseURL = screen.getByLabelText('Base URL');
    expect(baseURL).toHaveAttribute('placeholder', 'https://api.anthropic.com/v1');
    await userEvent.type(baseURL, 'https://gateway.example/v1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByText(/^Saved\./);
    expect(await readProviderSettings(getDatabase())).toEqual({
      kind: 'anthropic',
      baseURL: 'https://gateway.example/v1',
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-secret',
    });
  });

  it('saves the demo agent with its fixed model and no model field', async () => {
    renderSection();
    await chooseProvider('Demo agent (scripted, no AI)');
    expect(screen.queryByLabelText('Model')).toBeNull();
    expect(screen.queryByLabelText(/API key/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. The agent will use the demo agent on its next wake.');
    expect(await readProviderSettings(getDatabase())).toEqual({ kind: 'demo', model: 'scripted' });
  });

  it('loads what was saved', async () => {
    await (
      await import('../../db/agent-settings')
    ).saveProviderSettings(getDatabase(), { kind: 'openai', model: 'gpt-4.1-mini', apiKey: 'k' });
    renderSection();
    await waitFor(async () => expect(await provider()).toHaveValue('openai'));
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4.1-mini');
    expect(screen.getByLabelText('API key')).toHaveValue('k');
  });

  describe('Test connection', () => {
    it('tests the values in the form, saved or not, and reports the latency', async () => {
      connection.testConnection.mockResolvedValue({
        ok: true,
        latencyMs: 42,
        calledTool: true,
        message:
          'The server at localhost:11434 answered in 42 ms, and the model "llama3.2" called the test tool. The agent can use it.',
      });
      renderSection();
      await fillCompatible();
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));

      expect(await screen.findByText(/answered in 42 ms/)).toHaveTextContent(/^Success\./);
      expect(connection.testConnection).toHaveBeenCalledWith(
        { kind: 'openai-compatible', baseURL: 'http://localhost:11434/v1', model: 'llama3.2' },
        expect.objectContaining({ signal: expect.any(AbortSignal) }),
      );
      expect(await readProviderSettings(getDatabase())).toBeUndefined();
    });

    it('warns when the model answered without calling the tool', async () => {
      connection.testConnection.mockResolvedValue({
        ok: true,
        latencyMs: 80,
        calledTool: false,
        message:
          'It answered in 80 ms, but the model did not call the test tool. It may not support tool calling.',
      });
      renderSection();
      await fillCompatible();
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      const warning = await screen.findByText(/may not support tool calling/);
      expect(warning).toHaveClass('notice--warning');
    });

    it('says what failed', async () => {
      connection.testConnection.mockResolvedValue({
        ok: false,
        kind: 'unreachable',
        message: 'Nothing answered at localhost:11434. Is the server running?',
      });
      renderSection();
      await fillCompatible();
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      const failure = await screen.findByText(/Nothing answered at localhost:11434/);
      expect(failure).toHaveTextContent(/^The test failed\./);
      expect(failure).toHaveClass('notice--error');
    });

    it('shows it is testing, and can be cancelled', async () => {
      connection.testConnection.mockImplementation(
        (_settings, { signal }: { signal: AbortSignal }) =>
          new Promise((resolve) =>
            signal.addEventListener('abort', () =>
              resolve({ ok: false, kind: 'cancelled', message: 'Cancelled.' }),
            ),
          ),
      );
      renderSection();
      await fillCompatible();
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));

      const testing = await screen.findByRole('button', { name: 'Testing…' });
      expect(testing).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByText('Testing the connection…').parentElement).toHaveAttribute(
        'aria-busy',
        'true',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Cancel test' }));
      expect(await screen.findByText('Test cancelled.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel test' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Test connection' })).toHaveFocus();
    });

    it('does not test a form with mistakes', async () => {
      renderSection();
      await chooseProvider('OpenAI');
      await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
      expect(await screen.findByText(/Enter a model name, for example gpt-4.1-mini/)).toBeVisible();
      expect(connection.testConnection).not.toHaveBeenCalled();
    });
  });

  describe('categories', () => {
    it('saves the ticked categories to the agent, warns when none is ticked, and hides deleted ones', async () => {
      const work = await addCategory('Work');
      const home = await addCategory('Home');
      const old = await addCategory('Old');
      await dispatch(getDatabase(), 'delete_category', { id: old }, { source: 'user' });
      renderSection();

      const group = await screen.findByRole('group', { name: 'Categories the agent may act on' });
      expect(group).toHaveAccessibleDescription(/never changes a task outside them/);
      const boxes = await within(group).findAllByRole('checkbox');
      expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(['Home', 'Work']);
      expect(within(group).getByText(/No category is ticked/)).toBeInTheDocument();

      await userEvent.click(within(group).getByRole('checkbox', { name: 'Work' }));
      await userEvent.click(within(group).getByRole('checkbox', { name: 'Home' }));
      await waitFor(async () =>
        expect((await readDefaultAgent(getDatabase()))?.allowedCategoryIds.sort()).toEqual(
          [work, home].sort(),
        ),
      );
      await waitFor(() => expect(within(group).queryByText(/No category is ticked/)).toBeNull());

      await userEvent.click(within(group).getByRole('checkbox', { name: 'Work' }));
      await waitFor(async () =>
        expect((await readDefaultAgent(getDatabase()))?.allowedCategoryIds).toEqual([home]),
      );
      await waitFor(() =>
        expect(within(group).getByRole('checkbox', { name: 'Work' })).not.toBeChecked(),
      );
    });

    it('says so when there are no categories at all', async () => {
      renderSection();
      expect(await screen.findByText(/You have no categories yet/)).toBeInTheDocument();
    });
  });

  it('turns automatic wakes on only when asked', async () => {
    renderSection();
    const box = await screen.findByRole('checkbox', { name: 'Wake the agent after I edit a task' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(await readAutoWake(getDatabase())).toBe(true);
  });

  it('keeps proposals 7 days by default and saves a valid number of days', async () => {
    renderSection();
    const days = await screen.findByLabelText('Proposals expire after (days)');
    expect(days).toHaveValue(7);

    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.tab();
    expect(await screen.findByText(/from 1 to 365/)).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(await readTtlDays(getDatabase())).toBe(7);

    await userEvent.clear(days);
    await userEvent.type(days, '30{Enter}');
    expect(await screen.findByText('Saved: proposals expire after 30 days.')).toBeInTheDocument();
    expect(await readTtlDays(getDatabase())).toBe(30);
  });
});
