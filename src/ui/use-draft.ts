/**
 * Text the person is editing, seeded from a saved value. While the draft is untouched it
 * follows the saved value (another tab or the agent may change it); once the person has
 * typed, their text is kept until the saved value catches up with it or they cancel, so
 * nothing typed is ever lost, not even an edit made while an earlier save is landing.
 */
import { useState } from 'react';

export interface Draft {
  draft: string;
  setDraft(next: string): void;
  /** Back to the saved value. */
  reset(): void;
}

interface DraftState {
  draft: string;
  followed: string;
  edited: boolean;
}

export function useDraft(value: string): Draft {
  const [state, setState] = useState<DraftState>({ draft: value, followed: value, edited: false });
  if (value !== state.followed) {
    // Adjusting state during render (React's documented pattern for props that change).
    const caughtUp = state.edited && state.draft === value;
    setState({
      followed: value,
      draft: state.edited ? state.draft : value,
      edited: state.edited && !caughtUp,
    });
  }
  return {
    draft: state.draft,
    setDraft: (next) => setState((current) => ({ ...current, draft: next, edited: true })),
    reset: () => setState({ draft: value, followed: value, edited: false }),
  };
}
