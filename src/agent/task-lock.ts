/**
 * One wake per task at a time, across tabs and workers: the Web Locks API where the
 * browser has it (page and worker share it per origin), an in-memory set otherwise
 * (tests in Node).
 */
const heldHere = new Set<string>();

const lockName = (taskId: string) => `countersign-wake:${taskId}`;

function lockManager(): LockManager | undefined {
  return (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
}

/**
 * Whether a wake holds the task's lock now, in any tab or worker of this origin; undefined
 * where the browser cannot tell (no Web Locks API). Wake rows are this device's own (they
 * are not synced), so a row still "running" whose lock is free belongs to a wake that
 * ended without saving its end (storage failed, or its tab died): nothing waits for it.
 */
export async function isTaskLockHeld(taskId: string): Promise<boolean | undefined> {
  const locks = lockManager();
  if (!locks) return undefined;
  const { held = [], pending = [] } = await locks.query();
  const name = lockName(taskId);
  return [...held, ...pending].some((lock) => lock.name === name);
}

export async function withTaskLock<T>(
  taskId: string,
  run: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const name = lockName(taskId);
  const locks = lockManager();
  if (locks) {
    let acquired = false;
    let value: T | undefined;
    await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      acquired = true;
      value = await run();
    });
    return acquired ? { acquired: true, value: value as T } : { acquired: false };
  }
  if (heldHere.has(name)) return { acquired: false };
  heldHere.add(name);
  try {
    return { acquired: true, value: await run() };
  } finally {
    heldHere.delete(name);
  }
}
