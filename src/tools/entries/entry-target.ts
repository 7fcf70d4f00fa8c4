import type { JournalEntry } from '../../domain/journal-entry';
import type { JournalReader } from '../../domain/journal-access';
import { EntityNotFoundError } from '../../domain/errors';
import { isLive } from '../../domain/is-live';

export async function requireEntry(
  journal: JournalReader,
  taskId: string | undefined,
  id: string,
): Promise<JournalEntry> {
  const entry = await journal.entry(id);
  if (!isLive(entry) || (taskId !== undefined && entry.taskId !== taskId)) {
    throw new EntityNotFoundError('entries', id);
  }
  return entry;
}

export async function entryTaskId(
  args: { id: string },
  context: { taskId?: string },
  journal: JournalReader,
) {
  return context.taskId ?? (await journal.entry(args.id))?.taskId;
}
