// Types for nats-process.mjs (plain JavaScript so Node runs it without a build).
import type { ChildProcess } from 'node:child_process';

export interface NatsProcess {
  readonly child: ChildProcess;
  /** Resolves once the server says it is ready; rejects with its output if it exits first or takes too long. */
  readonly ready: Promise<void>;
  readonly exited: Promise<number | null>;
  readonly running: boolean;
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function startNatsProcess(
  binary: string,
  configPath: string,
  options?: { name?: string },
): NatsProcess;
