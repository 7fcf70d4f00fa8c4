/**
 * Wakes running on other devices, as their live progress says (decisions/0014): keyed by
 * task, never stored (a reload starts empty and hears the next note). A wake leaves when
 * it says it ended, or when nothing was heard of it for a while (its device crashed or
 * went offline): its holder repeats its last note with each renewal of its claim.
 */
import { create } from 'zustand';
import { PROGRESS_SILENCE_MS } from '../../sync/claims/lease';

export interface RemoteWake {
  deviceId: string;
  /** The device's name in the device list, when it has a record there. */
  deviceName?: string;
  turn: number;
  heardAt: number;
}

/** What the listener does with what it hears. */
export interface RemoteWakesSink {
  current(taskId: string): RemoteWake | undefined;
  heard(taskId: string, wake: RemoteWake): void;
  ended(taskId: string, deviceId: string): void;
  /** Forgets wakes not heard of since `now - PROGRESS_SILENCE_MS`. */
  forgetSilent(now: number): void;
  clear(): void;
}

interface RemoteWakesState extends Omit<RemoteWakesSink, 'current'> {
  byTask: Record<string, RemoteWake>;
}

/** The store as the listener sees it. */
export function remoteWakesSink(): RemoteWakesSink {
  const state = () => useRemoteWakesStore.getState();
  return {
    current: (taskId) => state().byTask[taskId],
    heard: (taskId, wake) => state().heard(taskId, wake),
    ended: (taskId, deviceId) => state().ended(taskId, deviceId),
    forgetSilent: (now) => state().forgetSilent(now),
    clear: () => state().clear(),
  };
}

export const useRemoteWakesStore = create<RemoteWakesState>((set) => ({
  byTask: {},
  heard: (taskId, wake) => set((state) => ({ byTask: { ...state.byTask, [taskId]: wake } })),
  ended: (taskId, deviceId) =>
    set((state) => {
      if (state.byTask[taskId]?.deviceId !== deviceId) return state;
      const { [taskId]: _ended, ...others } = state.byTask;
      return { byTask: others };
    }),
  forgetSilent: (now) =>
    set((state) => {
      const kept = Object.entries(state.byTask).filter(
        ([, wake]) => now - wake.heardAt < PROGRESS_SILENCE_MS,
      );
      return kept.length === Object.keys(state.byTask).length
        ? state
        : { byTask: Object.fromEntries(kept) };
    }),
  clear: () => set({ byTask: {} }),
}));

/** "The agent on home-server is working on this task: turn 2", or undefined. */
export function useRemoteWakeWords(taskId: string): string | undefined {
  return useRemoteWakesStore((state) => {
    const wake = state.byTask[taskId];
    return wake ? describeRemoteWake(wake, 'this task') : undefined;
  });
}

function describeRemoteWake(wake: RemoteWake, task: string): string {
  const holder = wake.deviceName
    ? `The agent on ${wake.deviceName}`
    : 'The agent on another device';
  return `${holder} is working on ${task}${wake.turn > 0 ? `: turn ${wake.turn}` : ''}.`;
}
