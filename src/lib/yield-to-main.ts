/**
 * Lets the browser paint and handle input before long work goes on: `scheduler.yield()`
 * where there is one (the continuation keeps its priority), else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** A time slice: `due()` is true once `sliceMs` have passed since the last `restart()`. */
export function timeSlice(sliceMs: number) {
  let start = performance.now();
  return {
    due: () => performance.now() - start >= sliceMs,
    restart: () => {
      start = performance.now();
    },
  };
}
