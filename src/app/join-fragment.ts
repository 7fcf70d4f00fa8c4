/**
 * A join link (`…#join=<code>`) opens the app with the code in the fragment, which never
 * reaches a server. It is taken off the address bar before anything renders, so it is not
 * kept in the history, a bookmark or a shared screenshot, and handed to Join with a code.
 */
import { keepArrivedJoinText } from '../features/sync/arrived-join';

export function takeJoinFragment(location: Location, history: History): void {
  if (!location.hash.startsWith('#join=')) return;
  const text = location.hash.slice(1);
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  keepArrivedJoinText(text);
}
