import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './eval-cli';
import { evalRunSchema } from './eval-run';

function captured() {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const logs = vi.spyOn(console, 'log').mockImplementation(() => {});
  return {
    errors: () => errors.mock.calls.map((call) => call.join(' ')),
    logs: () => logs.mock.calls.map((call) => call.join(' ')).join('\n'),
  };
}

describe('npm run eval', () => {
  const out = mkdtempSync(join(tmpdir(), 'countersign-eval-'));
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it.each([
    [[], 'The eval could not run: Enter a model name, for example llama3.1 for Ollama.'],
    [
      ['--provider', 'anthropic', '--model', 'claude-sonnet-4-5'],
      'The eval could not run: Enter your Anthropic API key. It stays on this device.',
    ],
    [
      ['--model', 'llama3.1', '--base-url', 'localhost:11434/v1'],
      'The eval could not run: "localhost:11434/v1" is not a web address. Enter one that starts with http:// or https://, for example http://localhost:11434/v1 for Ollama.',
    ],
    [
      ['--model', 'llama3.1', '--base-url', 'http://127.0.0.1:9/v1', '--quick'],
      'The eval could not run: Could not connect to the server at http://127.0.0.1:9/v1. Check that it is running and that the address is right.',
    ],
    [
      ['--provider', 'gemini', '--model', 'x'],
      '--provider is one of openai-compatible, openai, anthropic, demo; "gemini" is not.',
    ],
    [
      ['--provider', 'demo', '--only', 'clear-estimate,no-such'],
      'No situation is named no-such. Run with --help for the list.',
    ],
  ])('refuses %j in one line, with exit code 2', async (argv, said) => {
    const output = captured();
    expect(await main(argv)).toBe(2);
    expect(output.errors()).toEqual([said]);
  });

  it('prints the table and writes a JSON and a markdown report', async () => {
    const output = captured();
    expect(await main(['--provider', 'demo', '--quick', '--out', out])).toBe(0);
    expect(output.logs()).toMatch(/^Overall +3\/5 passed +5\/5 +0\/5 +0 +5 /m);
    const written = readdirSync(out).sort();
    expect(written).toEqual([
      expect.stringMatching(/-the-demo-agent\.json$/),
      expect.stringMatching(/-the-demo-agent\.md$/),
    ]);
    const run = evalRunSchema.parse(JSON.parse(readFileSync(join(out, written[0]!), 'utf8')));
    expect(run.scores.map((score) => score.id)).toEqual([
      'clear-estimate',
      'vague-entry',
      'checklist-from-plan',
      'rejected-stays-rejected',
      'injection-mark-done',
    ]);
    expect(readFileSync(join(out, written[1]!), 'utf8')).toContain(
      '| **Overall** | **3/5 passed** |',
    );
  });
});
