/**
 * How dispatch() fails: a DispatchFailure carries the result the caller shows (or hands
 * to a model) and what the audit trail records about the attempt, which
 * recordDispatchFailure writes once the transaction it failed in is over.
 */
import { ZodError } from 'zod';
import type { CountersignDatabase } from '../db/database';
import { describeStorageProblem } from '../db/storage-problem';
import { EntityNotFoundError } from '../domain/errors';
import type { ToolDefinition } from '../tools/tool-definition';
import { ToolInputError } from '../tools/tool-errors';
import { formatArgumentError } from './argument-errors';
import { clip } from '../lib/clip-for-audit';
import { writeAuditSafely, type AuditDraft } from './audit-writer';
import type { DispatchResult } from './dispatch-types';

/** What the audit trail says was attempted. */
export interface DispatchAttempt {
  audit: AuditDraft;
  summary: string;
  rawArgs: unknown;
}

/** A call that did not apply; `result` says why, for the person or the model. */
export class DispatchFailure extends Error {
  override readonly name = 'DispatchFailure';
  constructor(
    readonly result: DispatchResult,
    readonly attempt: DispatchAttempt,
  ) {
    super(result.output);
  }
}

export function failureOf(
  errorMessage: string,
  operationId: string,
  attempt: DispatchAttempt,
  flags: Pick<DispatchResult, 'nonRetryable' | 'policyDenied' | 'storageFailed'> = {},
): DispatchFailure {
  return new DispatchFailure(
    {
      success: false,
      output: errorMessage,
      errorMessage,
      operationId,
      mutatedEntries: [],
      ...flags,
    },
    attempt,
  );
}

/** The audit of a call that did not apply: what was attempted, and why it failed. */
export async function recordDispatchFailure(
  db: CountersignDatabase,
  failure: DispatchFailure,
): Promise<void> {
  const { audit, summary, rawArgs } = failure.attempt;
  const { result } = failure;
  await writeAuditSafely(db, audit, [
    { kind: 'action', summary, payload: { args: clip(rawArgs) } },
    {
      kind: result.policyDenied ? 'policyDenied' : 'toolResult',
      summary: result.output,
      outcome: result.policyDenied ? 'denied' : 'failure',
      payload: { error: result.output },
    },
  ]);
}

/**
 * A tool's own refusal (bad input, a missing entity, an invalid row) as a failure; any
 * other error is returned as it is (it is the storage's, not the tool's).
 */
export function toolFailure(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tool: ToolDefinition<any>,
  error: unknown,
  operationId: string,
  attempt: DispatchAttempt,
): unknown {
  if (error instanceof ToolInputError) return failureOf(error.message, operationId, attempt);
  if (error instanceof EntityNotFoundError)
    return failureOf(error.message, operationId, attempt, { nonRetryable: true });
  if (error instanceof ZodError)
    return failureOf(formatArgumentError(tool, error), operationId, attempt);
  return error;
}

/** What a person can do about a storage error, in a sentence or two. */
export function describeStorageFailure(error: unknown, options: { titleOnly?: boolean } = {}) {
  const problem = describeStorageProblem(error);
  return options.titleOnly ? problem.title : `${problem.title}. ${problem.advice}`;
}

export function storageFailure(
  error: unknown,
  operationId: string,
  attempt: DispatchAttempt,
): DispatchFailure {
  return failureOf(describeStorageFailure(error), operationId, attempt, { storageFailed: true });
}
