/** The inbox's maintained counts (tallies, each set's counts) against a full recount. */
import { expect } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { countPendingItems } from '../../src/db/tallies';
import { isLive } from '../../src/domain/is-live';
import { hiddenTwinIds } from '../../src/domain/proposal-twins';

async function recountInbox(db: CountersignDatabase) {
  const [items, tasks] = await Promise.all([db.changeItems.toArray(), db.tasks.toArray()]);
  const live = new Set(tasks.filter(isLive).map((row) => row.id));
  // A twin of a change proposed on another device waits hidden (decision 0016).
  const twins = hiddenTwinIds(items);
  const waiting = items.filter(
    (item) => item.status === 'pending' && live.has(item.taskId) && !twins.has(item.id),
  );
  return {
    items: waiting.length,
    sets: new Set(waiting.map((item) => item.changeSetId)).size,
    perSet: new Map(
      (await db.changeSets.toArray()).map((set) => [
        set.id,
        {
          total: items.filter((item) => item.changeSetId === set.id).length,
          pending: items.filter((item) => item.changeSetId === set.id && item.status === 'pending')
            .length,
          waiting: waiting.filter((item) => item.changeSetId === set.id).length,
        },
      ]),
    ),
  };
}

/** The tallies and every set's counts equal a recount of the items. */
export async function expectCountsEqualRecount(db: CountersignDatabase): Promise<void> {
  const expected = await recountInbox(db);
  expect(await countPendingItems(db)).toEqual({ items: expected.items, sets: expected.sets });
  for (const set of await db.changeSets.toArray())
    expect(set.counts, `counts of set ${set.id}`).toMatchObject(expected.perSet.get(set.id)!);
}
