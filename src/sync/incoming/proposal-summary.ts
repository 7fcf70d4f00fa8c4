/**
 * The words for a synced proposal or decision ("Set estimate to 30 minutes") are written
 * here from its tool and arguments, as this device's own change set builder writes them.
 * The summary another device sent is only its words: trusted, it could say "Applied: Set
 * estimate to 30 minutes" for a priority change.
 */
import type { CountersignDatabase } from '../../db/database';
import { createJournalReader } from '../../db/journal-store';
import { findTool } from '../../tools/registry';
import { loadSummaryNames } from '../../tools/summary-names';

export async function summaryFromArguments(
  db: CountersignDatabase,
  row: { toolName: string; args: Record<string, unknown>; taskId: string },
): Promise<string> {
  const tool = findTool(row.toolName);
  const parsed = tool?.argsSchema.safeParse(row.args);
  const unreadable = `A proposal this version of Countersign cannot read (${row.toolName.slice(0, 100)})`;
  if (!tool || !parsed?.success) return unreadable;
  try {
    return tool.summarize(parsed.data, await loadSummaryNames(createJournalReader(db), row.taskId));
  } catch {
    return unreadable;
  }
}
