/**
 * For tests of IndexedDB cost: a Dexie middleware that counts every transaction (by mode)
 * and every request (by table and kind, e.g. "changeItems getMany") made while counting.
 */
import type { DBCore, DBCoreTable } from 'dexie';
import type { CountersignDatabase } from '../../src/db/database';

export interface Counts {
  readwrite: number;
  readonly: number;
  /** The tables of each readwrite transaction, sorted, in the order they opened. */
  readwriteScopes: string[][];
  /** Requests by table and kind, e.g. "changeItems getMany". */
  requests: Map<string, number>;
  /** Rows that query requests returned, by table (cursors are not counted). */
  rowsQueried: Map<string, number>;
}

export interface RequestCounter {
  /** Counts what `run` makes, and resolves with its value and the counts. */
  count<T>(run: () => Promise<T>): Promise<{ value: T; counts: Counts }>;
}

export function countRequests(database: CountersignDatabase): RequestCounter {
  let counting: Counts | undefined;
  database.use({
    stack: 'dbcore',
    name: 'count-requests',
    create: (down: DBCore): DBCore => ({
      ...down,
      transaction(stores, mode, options) {
        if (counting) counting[mode] += 1;
        if (counting && mode === 'readwrite') counting.readwriteScopes.push([...stores].sort());
        return down.transaction(stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        const note = (kind: string) => {
          if (!counting) return;
          const key = `${name} ${kind}`;
          counting.requests.set(key, (counting.requests.get(key) ?? 0) + 1);
        };
        const counted: DBCoreTable = {
          ...table,
          get: (request) => (note('get'), table.get(request)),
          getMany: (request) => (note('getMany'), table.getMany(request)),
          // `.then` on Dexie's own promise, not `await`: a native await here would leave
          // Dexie's transaction zone, and the caller's next request would miss its transaction.
          query: (request) => {
            note('query');
            return table.query(request).then((response) => {
              if (counting) {
                counting.rowsQueried.set(
                  name,
                  (counting.rowsQueried.get(name) ?? 0) + response.result.length,
                );
              }
              return response;
            });
          },
          openCursor: (request) => (note('openCursor'), table.openCursor(request)),
          count: (request) => (note('count'), table.count(request)),
          mutate: (request) => (note(request.type), table.mutate(request)),
        };
        return counted;
      },
    }),
  });
  return {
    async count(run) {
      const counts: Counts = {
        readwrite: 0,
        readonly: 0,
        readwriteScopes: [],
        requests: new Map(),
        rowsQueried: new Map(),
      };
      counting = counts;
      try {
        return { value: await run(), counts };
      } finally {
        counting = undefined;
      }
    },
  };
}

export const totalRequests = (counts: Counts) =>
  [...counts.requests.values()].reduce((sum, count) => sum + count, 0);
