// Types for scripted-llm-server.mjs (plain JavaScript so Node can run it without a build).
import type { ProviderFixtureName } from './provider-fixtures.mjs';

export interface ScriptedToolCall {
  name: string;
  /** An object is sent as JSON; a string is sent as it is, so it may be malformed JSON. */
  arguments: Record<string, unknown> | unknown[] | string;
}

interface TurnTiming {
  /** Wait this long before answering (for timeouts and "thinking…" states). */
  delayMs?: number;
}

/** The model answers: text, tool calls, or both (text streams first). */
export interface ScriptedAnswerTurn extends TurnTiming {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Stream this many SSE chunks, then destroy the socket (a non-streaming answer sends half its JSON). */
  cutAfterChunks?: number;
  /** Stream the whole answer and [DONE], but no chunk with a finish_reason (a server that never says it finished). */
  withoutFinishReason?: boolean;
  /** Pause between streamed chunks, so a page can be seen mid-stream. */
  chunkDelayMs?: number;
}

/** The server fails with this status (default OpenAI-style error bodies; 429 adds Retry-After: 1). */
export interface ScriptedFailureTurn extends TurnTiming {
  status: 401 | 403 | 404 | 429 | 500 | 503 | number;
  /**
   * An object is sent as JSON, a string as it is (text/plain unless `headers` say
   * otherwise: `{status: 200, headers: {'content-type': 'text/event-stream'}, body: 'data: …'}`
   * scripts a raw SSE answer, e.g. an in-stream error chunk).
   */
  body?: unknown;
  headers?: Record<string, string>;
  /** Serve the failure only this many times at this turn; afterwards `then` answers (default: empty text). */
  times?: number;
  then?: ScriptedTurn;
}

/** Answers 400 "… does not support tools" the way Ollama does, when the request offers tools. */
export interface ScriptedNoToolsTurn extends TurnTiming {
  noTools: true;
}

/** Answers with a provider fixture (provider-fixtures.mjs): a real server's shape, streamed or whole as asked. */
export interface ScriptedFixtureTurn extends TurnTiming {
  fixture: ProviderFixtureName;
}

export type ScriptedTurn =
  ScriptedAnswerTurn | ScriptedFailureTurn | ScriptedNoToolsTurn | ScriptedFixtureTurn;

export interface ScriptedLlmServer {
  /** e.g. http://127.0.0.1:4174 — the OpenAI-compatible base URL is `${url}/v1`. */
  url: string;
  port: number;
  /** Replaces the model's script and forgets its recorded requests. */
  setScript(model: string, turns: ScriptedTurn[]): void;
  /** Chat request bodies received for `model` (all models when omitted), oldest first. */
  requests(model?: string): ScriptedChatRequest[];
  close(): Promise<void>;
}

/** A chat completions request body as the client sent it (only the fields tests usually read are typed). */
export interface ScriptedChatRequest {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{
    type: string;
    function: { name: string; description?: string; parameters?: unknown };
  }>;
  tool_choice?: unknown;
  max_tokens?: number;
  [field: string]: unknown;
}

export function startScriptedLlmServer(options?: {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
}): Promise<ScriptedLlmServer>;
