/**
 * dispatch() on demand, for code that ships with the first page (the UI's edits, the
 * first-run import): the write path and the tool catalogue, zod included, become a
 * chunk of their own that is fetched on the first write instead of before the first
 * paint. Everything else imports './dispatch' directly.
 */
import type { dispatch } from './dispatch';

let loading: Promise<typeof dispatch> | undefined;

export function loadDispatch(): Promise<typeof dispatch> {
  if (!loading) {
    loading = import('./dispatch').then((module) => module.dispatch);
    // A failed download (offline, a deploy in between) is not remembered: the next write retries.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
