/** Ephemeral toasts (zustand): short confirmations with an optional action such as Undo. */
import { create } from 'zustand';

export interface Toast {
  id: string;
  message: string;
  actionLabel?: string;
  onAction?: () => void;
  /**
   * Said to screen readers only: news that needs no answer and must not cover the top of
   * the page under a finger (the app being ready offline, on the first visit).
   */
  spokenOnly?: true;
}

interface ToastState {
  toasts: Toast[];
  toastShown(toast: Omit<Toast, 'id'>, durationMs?: number): void;
  toastDismissed(id: string): void;
}

export const useToastStore = create<ToastState>((set, get) => ({
  toasts: [],
  toastShown(toast, durationMs = 5000) {
    const id = crypto.randomUUID();
    set({ toasts: [...get().toasts.slice(-2), { ...toast, id }] });
    setTimeout(() => get().toastDismissed(id), durationMs);
  },
  toastDismissed(id) {
    set({ toasts: get().toasts.filter((toast) => toast.id !== id) });
  },
}));

export const showToast = (toast: Omit<Toast, 'id'>, durationMs?: number) =>
  useToastStore.getState().toastShown(toast, durationMs);
