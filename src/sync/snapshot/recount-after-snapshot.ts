/**
 * After a snapshot is loaded, the decision statistics (Settings) are counted again from
 * the decisions the device now holds: they arrived as rows, not as decisions made here,
 * so the running totals (decision-stats.ts) never saw them. Inside a transaction over
 * `decisions` and `tallies`.
 */
import type { CountersignDatabase } from '../../db/database';
import { countDecisions } from '../../db/decision-stats';

const STAT_PREFIXES = ['decided:', 'decideTime:'];

export async function recountDecisionStats(db: CountersignDatabase): Promise<void> {
  const statKeys = (await db.tallies.toCollection().primaryKeys()).filter((key) =>
    STAT_PREFIXES.some((prefix) => String(key).startsWith(prefix)),
  );
  await db.tallies.bulkDelete(statKeys);
  await countDecisions(db, await db.decisions.toArray());
}
