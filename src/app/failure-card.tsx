import type { ReactNode } from 'react';

/** A failure the person can only recover from by reloading: what happened, then a Reload button. */
export function FailureCard({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={['card stack', className].filter(Boolean).join(' ')} role="alert">
      <h1>{title}</h1>
      {children}
      <div>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Reload
        </button>
      </div>
    </div>
  );
}
