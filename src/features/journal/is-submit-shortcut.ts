import type { KeyboardEvent } from 'react';

/** Ctrl+Enter, or ⌘+Enter on a Mac: submits a multi-line field, where Enter is a new line. */
export function isSubmitShortcut(event: KeyboardEvent): boolean {
  return (
    event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing
  );
}
