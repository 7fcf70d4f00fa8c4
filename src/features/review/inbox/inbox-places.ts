/**
 * Where the inbox's rows stand: the keys the virtualizer places them by.
 */
import { useCallback, useMemo } from 'react';
import type { InboxRow } from '../../../db/queries/review-proposals';

/**
 * The virtualizer's keys: a read row's own key, the prompt its row's, any other place its
 * index. The function changes only when those keys do: the virtualizer lays out every
 * place again (all fifty thousand) whenever it changes, so a new function on every render
 * (a swipe renders several times) would make each render cost what the backlog does.
 */
export function useItemKeys(
  rows: ReadonlyMap<number, InboxRow>,
  promptAt: number | undefined,
  promptKey: string | undefined,
): (index: number) => string | number {
  const keyed = [...rows].map(([index, row]) => `${index}=${row.entry.key}`).join('|');
  const placed = `${keyed}#${promptAt ?? ''}=${promptKey ?? ''}`;
  // Built from `placed` alone, so it stays the same function while `placed` does.
  const keys = useMemo(() => {
    const byIndex = new Map<number, string>(
      [...rows].map(([index, row]) => [index, row.entry.key] as const),
    );
    return { byIndex, promptAt, promptKey };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `placed` sums up all three
  }, [placed]);
  return useCallback(
    (index: number) => {
      const { byIndex, promptAt: prompt, promptKey: key } = keys;
      // The prompt keeps its row's key: it stays the same element (and keeps what the person
      // typed) when the row leaves the data and the prompt takes its place on its own.
      if (index === prompt && key !== undefined) return key;
      const dataIndex = prompt !== undefined && index > prompt ? index - 1 : index;
      // A number for a place not read yet: no string to build for each of thousands.
      return byIndex.get(dataIndex) ?? dataIndex;
    },
    [keys],
  );
}
