/**
 * An edited proposal, checked before anything is written: the person's arguments merged
 * over the proposal's and parsed with the tool's own schema, as the dispatcher will, so an
 * invalid edit is refused up front with the schema's words and the item stays pending
 * (never set aside as "can no longer be applied"). The summary is the tool's, of the
 * parsed arguments, so history and audit read "Set estimate to 60 minutes".
 */
import { createJournalReader } from '../db/journal-store';
import type { CountersignDatabase } from '../db/database';
import { canonicalJson } from '../domain/canonical-json';
import type { ChangeItem } from '../domain/change-set';
import { findTool } from '../tools/registry';
import { loadSummaryNames } from '../tools/summary-names';

export type CheckedEdit =
  | { ok: true; args: Record<string, unknown>; summary: string; changed: boolean }
  | { ok: false; message: string; field: string | undefined };

export async function checkEdit(
  db: CountersignDatabase,
  item: ChangeItem,
  edits: Record<string, unknown>,
): Promise<CheckedEdit> {
  const tool = findTool(item.toolName);
  if (!tool) return { ok: false, message: 'Unknown kind of change.', field: undefined };
  const parsed = tool.argsSchema.safeParse({ ...item.args, ...edits });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    return {
      ok: false,
      message: issue?.message ?? 'That value is not valid.',
      field: typeof field === 'string' ? field : undefined,
    };
  }
  const args = parsed.data as Record<string, unknown>;
  const names = await loadSummaryNames(createJournalReader(db), item.taskId);
  return {
    ok: true,
    args,
    summary: tool.summarize(args, names),
    changed: canonicalJson(args) !== canonicalJson(item.args),
  };
}
