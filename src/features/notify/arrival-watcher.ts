/**
 * While this device has notifications on and the app is in the background, proposals
 * that arrive from another device or the agent device are announced, one notification per
 * task, and a tap opens that task. Sets already waiting when it starts are not news.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getDatabase } from '../../db/connection';
import { madeElsewhere } from '../../db/queries/notify-made-elsewhere';
import { readDeviceId } from '../../db/settings';
import { describeArrival, findArrivals, type WaitingSet } from './arrivals';
import { showArrival } from './show-arrival';

/** The sets with proposals waiting, each with who wrote its proposals (one read per set). */
async function readWaiting(): Promise<WaitingSet[]> {
  const db = getDatabase();
  const [here, sets] = await Promise.all([
    readDeviceId(db),
    db.changeSets.where('status').anyOf('pending', 'partiallyResolved').toArray(),
  ]);
  return Promise.all(
    sets.map(async ({ id, taskId, counts }) => {
      const item = await db.changeItems.where('changeSetId').equals(id).first();
      return { id, taskId, counts, madeElsewhere: item ? madeElsewhere(item, here) : false };
    }),
  );
}

async function announce(arrivals: ReturnType<typeof findArrivals>, open: (path: string) => void) {
  const db = getDatabase();
  for (const arrival of arrivals) {
    const task = await db.tasks.get(arrival.taskId);
    await showArrival(
      {
        ...describeArrival(arrival.changes, task?.title),
        tag: `proposals-${arrival.changeSetId}`,
        path: `/tasks/${encodeURIComponent(arrival.taskId)}`,
      },
      open,
    );
  }
}

/** A wake's set and its items may arrive in several messages: announce once they settle. */
const SETTLE_MS = 1_000;

/** Mounted only while notifications are on (arrival-notifications.tsx). */
export function ArrivalWatcher() {
  const navigate = useNavigate();
  /** Sets already announced, or waiting when notifications started: never news again. */
  const seen = useRef<Set<string> | null>(null);
  const waiting = useLiveQuery(readWaiting, []);

  useEffect(() => {
    if (!waiting) return;
    if (seen.current === null) {
      seen.current = new Set(waiting.map((set) => set.id));
      return;
    }
    const timer = setTimeout(() => {
      const known = seen.current;
      if (known === null) return;
      const arrivals = findArrivals(known, waiting);
      for (const set of waiting) if (set.counts.waiting > 0) known.add(set.id);
      const allowed = typeof Notification !== 'undefined' && Notification.permission === 'granted';
      if (!allowed || document.visibilityState !== 'hidden' || arrivals.length === 0) return;
      void announce(arrivals, (path) => void navigate(path)).catch(() => {});
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [waiting, navigate]);
  return null;
}
