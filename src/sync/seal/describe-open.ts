/** What a person reads about a message that did not open, with what to do about it. */
import type { OpenResult } from './seal';

type NotOpened = Exclude<OpenResult, { outcome: 'opened' } | { outcome: 'plain' }>;

export function describeNotOpened(result: NotOpened): string {
  switch (result.outcome) {
    case 'unknownKeyAnnounced':
      return (
        'Waiting for this journal’s new key from another device: a change was sealed under ' +
        'it. Open the app on a device that already has it, and syncing goes on by itself.'
      );
    case 'unknownKeyNeverAnnounced':
      return (
        'A message on the server was sealed with a key this journal never used (a removed ' +
        'device, or someone who is not one of your devices). It was set aside and not applied.'
      );
    case 'tampered':
      return (
        'A message on the server was changed after it was sealed, so it was set aside and not ' +
        'applied. Your journal is unharmed; if this keeps happening, ask whoever runs the server.'
      );
    case 'malformed':
      return `A message on the server could not be read (${result.reason}). It was set aside and not applied.`;
  }
}

/** Words for every outcome, the readable ones included (for status and tests). */
export function describeOpenResult(result: OpenResult): string {
  if (result.outcome === 'opened') return 'Opened with this journal’s key.';
  if (result.outcome === 'plain') {
    return 'Written before this journal was encrypted (or by a device that had not heard yet): read as it is.';
  }
  return describeNotOpened(result);
}
