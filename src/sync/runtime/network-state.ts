/**
 * Whether the device is online, as the runtime asks it. A page (and Node) reads its own
 * `navigator.onLine` and `online`/`offline` events; the sync worker is told by its page,
 * which is what the person's device and the browser's offline switch change.
 */
export interface NetworkState {
  offline(): boolean;
  /** Calls `changed` on each change; the function returned stops. */
  watch(changed: (online: boolean) => void): () => void;
}

export const globalNetwork: NetworkState = {
  offline: () => globalThis.navigator?.onLine === false,
  watch(changed) {
    const online = () => changed(true);
    const offline = () => changed(false);
    globalThis.addEventListener?.('online', online);
    globalThis.addEventListener?.('offline', offline);
    return () => {
      globalThis.removeEventListener?.('online', online);
      globalThis.removeEventListener?.('offline', offline);
    };
  },
};

/** A state set from outside (the worker's page says it with `set`). */
export function toldNetwork(online: boolean): NetworkState & { set(online: boolean): void } {
  let current = online;
  const listeners = new Set<(online: boolean) => void>();
  return {
    offline: () => !current,
    watch(changed) {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    set(next) {
      if (next === current) return;
      current = next;
      for (const changed of listeners) changed(next);
    },
  };
}
