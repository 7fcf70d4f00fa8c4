/** The short wait while a live query delivers its first result. */
export function LoadingState() {
  return (
    <p className="muted" role="status" aria-busy="true">
      Loading…
    </p>
  );
}
