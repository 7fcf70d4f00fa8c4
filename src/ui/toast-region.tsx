import { Button } from './button';
import { useToastStore } from './toast-store';

export function ToastRegion() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.toastDismissed);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) =>
        toast.spokenOnly ? (
          <span key={toast.id} className="visually-hidden">
            {toast.message}
          </span>
        ) : (
          <div key={toast.id} className="toast">
            <span>{toast.message}</span>
            {toast.actionLabel && toast.onAction ? (
              <Button
                size="small"
                onClick={() => {
                  toast.onAction?.();
                  dismiss(toast.id);
                }}
              >
                {toast.actionLabel}
              </Button>
            ) : (
              <Button
                size="small"
                variant="quiet"
                aria-label="Dismiss"
                onClick={() => dismiss(toast.id)}
              >
                ✕
              </Button>
            )}
          </div>
        ),
      )}
    </div>
  );
}
