/**
 * `npm run eval`, in Node: flags in, a score table out, and a JSON and a markdown report
 * written. scripts/eval.mjs loads this file through Vite (the TypeScript as the app builds
 * it) after installing fake-indexeddb, so each situation's journal lives in memory only.
 * A configuration that cannot work ends the run with one line in the app's words.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CountersignDatabase } from '../db/database';
import { PROVIDER_KINDS, providerSettingsSchema } from '../domain/provider-settings';
import { markdownReport, textTable } from './eval-report';
import { situationNotes } from './eval-table';
import { evaluateSettings } from './evaluate-settings';
import { EvalStoppedError } from './run-eval';
import { QUICK_SITUATIONS, SITUATIONS } from './situations';

const USAGE = `Usage: npm run eval -- --model NAME [--provider ${PROVIDER_KINDS.join('|')}] [--base-url URL]
                       [--api-key KEY] [--quick] [--only id,id] [--out DIR] [--turn-timeout SECONDS]

Runs ${SITUATIONS.length} journal situations through the real wake against one model and scores them.
--provider       openai-compatible (default: Ollama, LM Studio, llama.cpp, vLLM, OpenRouter), openai, anthropic or demo
--base-url       the server's base URL (default http://localhost:11434/v1 for openai-compatible)
--api-key        the key, or set COUNTERSIGN_API_KEY (keys in flags end up in your shell history)
--quick          the five situations of Settings → Agent → Check this model
--only           only these situation ids (${SITUATIONS.map((situation) => situation.id).join(', ')})
--out            where the reports go (default reports/eval)`;

/** Runs the eval; resolves with the process's exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      args: [...argv],
      options: {
        provider: { type: 'string', default: 'openai-compatible' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        quick: { type: 'boolean', default: false },
        only: { type: 'string' },
        out: { type: 'string', default: join('reports', 'eval') },
        'turn-timeout': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (flags.help) {
    console.log(USAGE);
    return 0;
  }
  const kind = flags.provider;
  const settings = providerSettingsSchema.safeParse({
    kind,
    baseURL:
      flags['base-url'] ?? (kind === 'openai-compatible' ? 'http://localhost:11434/v1' : undefined),
    model: flags.model ?? (kind === 'demo' ? 'scripted' : ''),
    apiKey: flags['api-key'] ?? process.env.COUNTERSIGN_API_KEY,
  });
  if (!settings.success)
    return fail(`--provider is one of ${PROVIDER_KINDS.join(', ')}; "${kind}" is not.`);

  const only = flags.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const unknown = only?.filter((id) => !SITUATIONS.some((situation) => situation.id === id));
  if (unknown?.length)
    return fail(`No situation is named ${unknown.join(', ')}. Run with --help for the list.`);
  const situations = only
    ? SITUATIONS.filter((situation) => only.includes(situation.id))
    : flags.quick
      ? QUICK_SITUATIONS
      : SITUATIONS;
  const turnTimeout = flags['turn-timeout'] ? Number(flags['turn-timeout']) : undefined;
  if (turnTimeout !== undefined && !(turnTimeout > 0))
    return fail('--turn-timeout is a number of seconds, for example 120.');

  try {
    const run = await evaluateSettings(settings.data, {
      situations,
      openDatabase: () => new CountersignDatabase(`countersign-eval-${crypto.randomUUID()}`),
      ...(turnTimeout ? { turnTimeoutMs: turnTimeout * 1_000 } : {}),
      onProgress: (progress) => {
        if (progress.type === 'scored') {
          const { score } = progress;
          console.log(
            `[${progress.index + 1}/${progress.total}] ${score.name}: ${score.passed ? 'pass' : 'miss'}`,
          );
          for (const note of situationNotes(score)) console.log(`        ${note}`);
        }
      },
    });
    console.log(`\n${run.model}\n${textTable(run)}`);
    mkdirSync(flags.out, { recursive: true });
    const base = join(flags.out, reportName(run.model, run.startedAt));
    writeFileSync(`${base}.json`, `${JSON.stringify(run, null, 2)}\n`);
    writeFileSync(`${base}.md`, markdownReport(run));
    console.log(`\nWrote ${base}.json and ${base}.md`);
    return 0;
  } catch (error) {
    if (error instanceof EvalStoppedError) return fail(`The eval could not run: ${error.message}`);
    throw error;
  }
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

/** "2026-11-27T0812-qwen3-8b-at-localhost-11434-v1": sortable, safe in any file system. */
function reportName(model: string, startedAt: string): string {
  const slug = model
    .toLowerCase()
    .replace(/https?:\/\//g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${startedAt.slice(0, 16).replace(/:/g, '')}-${slug}`;
}
