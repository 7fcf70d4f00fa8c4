/**
 * A join link's code that arrived with the address (`…#join=<code>`): the app takes it off
 * the address bar at start (src/app) and keeps it here, in memory only, for the Join with
 * a code panel to fill in. Tiny and free of zod: the first page imports it.
 */
import { useSyncExternalStore } from 'react';

let arrived: string | undefined;
const listeners = new Set<() => void>();

export function keepArrivedJoinText(text: string): void {
  arrived = text;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useArrivedJoinText(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => arrived,
    () => undefined,
  );
}
