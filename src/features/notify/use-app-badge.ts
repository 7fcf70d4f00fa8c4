/** Keeps the installed app's icon badge equal to the Review badge (the pending tally). */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { getDatabase } from '../../db/connection';
import { countPendingItems } from '../../db/tallies';
import { showOnAppIcon } from './app-badge';

export function useAppBadge() {
  const count = useLiveQuery(async () => (await countPendingItems(getDatabase())).items, []);
  useEffect(() => {
    if (count !== undefined) void showOnAppIcon(count);
  }, [count]);
}
