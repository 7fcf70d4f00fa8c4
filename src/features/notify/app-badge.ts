/**
 * The number on the installed app's icon (the Badging API), kept equal to the Review
 * badge. Where the browser has no badge, or refuses one (not installed, a policy), the
 * icon simply shows nothing: the Review badge inside the app still counts.
 */
interface BadgingNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

export function showOnAppIcon(count: number, on: BadgingNavigator = navigator): Promise<void> {
  const write =
    count > 0 ? on.setAppBadge?.call(on, count) : (on.clearAppBadge ?? on.setAppBadge)?.call(on, 0);
  return (write ?? Promise.resolve()).catch(() => undefined);
}
