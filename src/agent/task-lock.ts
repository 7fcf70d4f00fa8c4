/**
 * One wake per task at a time, across tabs and workers: the Web Locks API where the
 * browser has it (page and worker share it per origin), an in-memory set otherwise
 * (tests in Node).
 */
const heldHere = new Set<string>();

export async function withTaskLock<T>(
  taskId: string,
  run: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const name = `countersign-wake:${taskId}`;
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
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
