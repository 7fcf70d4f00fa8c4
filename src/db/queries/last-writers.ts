/**
 * Who wrote each entity as it is now, from the mutation ledger: the source of the
 * operation whose diff left the entity with its current clock. Automatic wakes read it
 * to tell the person's edits from the agent's, a trusted-tool rule's and a confirmation's
 * (src/agent/auto-wake-rules.ts). Read only when a wake is about to start, not per edit.
 */
import type { WriteSource } from '../../domain/write-source';
import { compareClocks, type VectorClock } from '../../domain/vector-clock';
import type { CountersignDatabase } from '../database';

export async function readLastWriters(
  db: CountersignDatabase,
  taskId: string,
  entities: readonly { table: string; id: string; vectorClock: VectorClock }[],
): Promise<Map<string, WriteSource>> {
  const wanted = new Map(
    entities.map((entity) => [`${entity.table}:${entity.id}`, entity.vectorClock]),
  );
  const writers = new Map<string, WriteSource>();
  if (wanted.size === 0) return writers;
  const mutations = await db.mutations.where('taskId').equals(taskId).toArray();
  for (const mutation of mutations) {
    if (mutation.status !== 'applied') continue;
    for (const diff of mutation.diffs) {
      const key = `${diff.table}:${diff.id}`;
      const clock = (diff.after as { vectorClock?: VectorClock } | null)?.vectorClock;
      const current = wanted.get(key);
      if (clock && current && compareClocks(clock, current) === 'equal')
        writers.set(key, mutation.source);
    }
  }
  return writers;
}
