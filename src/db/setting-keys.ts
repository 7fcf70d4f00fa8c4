/**
 * The keys of this device's settings (the `settings` table, never exported or synced), in
 * one place and free of schemas, so the first page can read one without loading zod.
 */
export const SETTING_KEYS = {
  /** The agent's provider, model and key (parsed by db/agent-settings). */
  provider: 'agentProvider',
  autoWake: 'agentAutoWake',
  /** Provider configurations whose server cannot stream tool calls: asked for whole answers. */
  wholeAnswers: 'agentWholeAnswers',
  /** Before synced choices: moved into the journal once (dispatcher/agent-choices.ts). */
  changeSetTtlDays: 'changeSetTtlDays',
  trustedTools: 'trustedTools',
  /** When the sample journal was imported on first open. */
  sampleJournalSeededAt: 'sampleJournalSeededAt',
  /** The person has decided a row by swiping: the swipe tip has done its job. */
  swipeLearned: 'swipeLearned',
  welcomeDismissed: 'welcomeDismissed',
  /** Rule offers already made here ("Stop proposing…", "Apply … without asking"): each is made once. */
  ruleOffersMade: 'ruleOffersMade',
  /** The key id whose recovery phrase the person last wrote down: a newer key asks again. */
  recoveryPhraseKeyId: 'recoveryPhraseKeyId',
} as const;
