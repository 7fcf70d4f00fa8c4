/**
 * The reconciliation policy's waits (10, 20, 40… s) spare a server that does not answer.
 * Once it answers again (a push landed, or the connection came back), a push still
 * waiting out its backoff would only arrive late: a stream's leader election of a few
 * seconds left the operations written during it 10 s behind those written after it. So
 * every push that waits is made due: a pending one goes with the next pass, one that
 * needs reconciling is asked about on the loop's next tick (it keeps its attempt count).
 */
import type { CountersignDatabase } from '../../db/database';

export async function makeWaitingPushesDue(db: CountersignDatabase, now: number): Promise<number> {
  return db.syncPushes
    .where('state')
    .anyOf(['pending', 'needs_reconcile'])
    .filter((record) => (record.nextAttemptAt ?? 0) > now)
    .modify((record) => {
      delete record.nextAttemptAt;
    });
}
