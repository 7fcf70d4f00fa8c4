/**
 * A wake asked for in this tab, until the worker says it started: kept in sessionStorage,
 * which a reload keeps. The worker takes a moment to start (the first time, a few hundred
 * milliseconds), and "Try the demo agent" takes its request out of the address at once; a
 * reload in that moment lost the wake without a word. A mark still there when the page
 * loads is a wake that never started, and the panel says so.
 */
const PREFIX = 'countersign:wake-asked:';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage refused (a sandboxed frame): the mark is a nicety, the wake goes on.
    return undefined;
  }
}

export function markWakeAsked(taskId: string): void {
  try {
    storage()?.setItem(`${PREFIX}${taskId}`, new Date().toISOString());
  } catch {
    // Full or refused: nothing to keep, nothing lost.
  }
}

export function clearWakeAsked(taskId: string): void {
  storage()?.removeItem(`${PREFIX}${taskId}`);
}

/** The tasks whose asked-for wake never started before the page was last left; cleared. */
export function takeUnstartedWakes(): string[] {
  const store = storage();
  if (!store) return [];
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
    (key): key is string => key?.startsWith(PREFIX) === true,
  );
  for (const key of keys) store.removeItem(key);
  return keys.map((key) => key.slice(PREFIX.length));
}
