/**
 * What a wake keeps from its `noted` tools until it ends: the agent's report and its
 * observations. They are the agent's own records, saved with the wake, never journal data.
 */
export interface WakeNotes {
  report?: { oneLiner: string; tldr: string; content: string };
  observations: { text: string; priority: 'low' | 'normal' | 'high'; category: string }[];
}
