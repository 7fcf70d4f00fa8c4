/** What a wake is given: the journal, the task, the model, and the hooks the page or a test sets. */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { CountersignDatabase } from '../db/database';
import type { WakeProgress } from './wake-progress';

export interface ErrorDescription {
  kind: string;
  message: string;
  retryAfterSeconds?: number;
}

export interface WakeOptions {
  db: CountersignDatabase;
  taskId: string;
  model: LanguageModelV4;
  /** Names the provider in progress messages ("Connecting to …"). */
  providerLabel: string;
  describeError: (error: unknown, context: { whileStreaming: boolean }) => ErrorDescription;
  agentId?: string;
  directives?: string;
  signal?: AbortSignal;
  onProgress?: (progress: WakeProgress) => void;
  maxTurns?: number;
  /** Ask for whole answers from the start: this configuration cannot stream tool calls. */
  wholeAnswers?: boolean;
  /** Keeps, for this configuration, that its server cannot stream tool calls. */
  rememberWholeAnswers?: () => Promise<void>;
  /** Longest wait for one answer of the model. */
  turnTimeoutMs?: number;
  /** Longest Retry-After the wake will wait out before giving up. */
  maxRetryAfterSeconds?: number;
  ttlDays?: number;
  /** Runs after each turn's proposals are flushed (trusted-tool rules apply them here). */
  afterFlush?: () => Promise<void>;
  now?: () => Date;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}
