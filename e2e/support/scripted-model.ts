/**
 * One test's model on the scripted LLM server (scripted-llm-server.mjs): its script and
 * what the app sent it. Each test scripts its own model name, so parallel workers never
 * share a script.
 */
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type TestInfo } from '@playwright/test';
import { LLM_PORT } from '../../playwright.config';
import type { ScriptedChatRequest, ScriptedTurn } from './scripted-llm-server.mjs';

const LLM_ORIGIN = `http://127.0.0.1:${LLM_PORT}`;
const LLM_BASE_URL = `${LLM_ORIGIN}/v1`;

export class ScriptedModel {
  constructor(
    private readonly request: APIRequestContext,
    readonly name: string,
  ) {}

  readonly baseURL = LLM_BASE_URL;

  async script(turns: ScriptedTurn[]) {
    const response = await this.request.post(
      `${LLM_ORIGIN}/__script/${encodeURIComponent(this.name)}`,
      { data: turns },
    );
    expect(response.ok(), await response.text()).toBe(true);
  }

  async requests(): Promise<ScriptedChatRequest[]> {
    const response = await this.request.get(
      `${LLM_ORIGIN}/__requests/${encodeURIComponent(this.name)}`,
    );
    expect(response.ok()).toBe(true);
    return (await response.json()) as ScriptedChatRequest[];
  }
}

/** Unique per test, repetition and run: `--repeat-each` runs copies of a test side by side. */
export function modelName(testInfo: TestInfo): string {
  const slug = testInfo.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-|-$/g, '');
  return `script-${slug}-${testInfo.repeatEachIndex}-${randomUUID().slice(0, 8)}`;
}

/** A tool call as a scripted turn carries it. */
export const call = (name: string, args: Record<string, unknown>) => ({ name, arguments: args });
