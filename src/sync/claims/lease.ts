/** The claim's lease and what a listener makes of silence (decisions/0014); no imports, so the page can read them without loading sync. */

/** How long a claim holds without renewal: far above one model turn, short after a crash. */
export const CLAIM_LEASE_MS = 90_000;

/**
 * A wake's progress is said again with each renewal (every third of the lease): a wake not
 * heard of for two renewals is taken as ended (its device crashed or went offline).
 */
export const PROGRESS_SILENCE_MS = (CLAIM_LEASE_MS * 2) / 3;
