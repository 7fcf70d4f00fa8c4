/**
 * Turns IndexedDB failures into words a person can act on. The app shows these instead
 * of a blank page when storage is missing, full, or held by an older tab.
 */
export type StorageProblemKind =
  'unavailable' | 'quota' | 'blocked' | 'upgraded-elsewhere' | 'unknown';

export interface StorageProblem {
  kind: StorageProblemKind;
  title: string;
  detail: string;
  advice: string;
}

function errorName(error: unknown): string {
  if (error && typeof error === 'object') {
    const named = error as { name?: unknown; inner?: { name?: unknown } };
    if (typeof named.inner?.name === 'string' && named.name === 'OpenFailedError')
      return named.inner.name;
    if (typeof named.name === 'string') return named.name;
  }
  return '';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function describeStorageProblem(error: unknown): StorageProblem {
  const name = errorName(error);
  const message = errorMessage(error);
  if (name === 'QuotaExceededError' || /quota/i.test(message)) {
    return {
      kind: 'quota',
      title: 'Your device is out of storage for Countersign',
      detail:
        'The last change could not be saved because the browser refused more space. Nothing already saved was lost.',
      advice:
        'Free some space (or export your journal from Settings and remove old tasks), then try again.',
    };
  }
  if (name === 'DatabaseClosedError' && /version/i.test(message)) {
    return {
      kind: 'upgraded-elsewhere',
      title: 'A newer Countersign was opened in another tab',
      detail:
        'That tab upgraded the journal\u2019s storage, so this older tab stopped using it to keep your data safe.',
      advice: 'Reload this tab to continue with the new version.',
    };
  }
  if (name === 'VersionError' || name === 'BlockedError' || /blocked/i.test(message)) {
    return {
      kind: 'blocked',
      title: 'Another tab is holding an older version of your journal',
      detail: 'Countersign needs to upgrade its storage, and an older tab is still using it.',
      advice: 'Close the other Countersign tabs or windows, then reload this one.',
    };
  }
  if (
    name === 'MissingAPIError' ||
    name === 'InvalidStateError' ||
    name === 'SecurityError' ||
    /indexedDB/i.test(message)
  ) {
    return {
      kind: 'unavailable',
      title: 'This browser is not letting Countersign store data',
      detail:
        'IndexedDB, where your journal lives on this device, is unavailable. Private windows and some privacy settings turn it off.',
      advice:
        'Open Countersign in a normal (not private) window, or allow site data for this site, then reload.',
    };
  }
  return {
    kind: 'unknown',
    title: 'Countersign could not open your journal',
    detail: `The browser reported: ${message || name || 'an unknown error'}.`,
    advice:
      'Reload the page. If it keeps happening, export your journal from Settings on another tab that works and report the message above.',
  };
}
