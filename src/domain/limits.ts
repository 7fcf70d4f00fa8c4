/**
 * The limits every persisted journal field keeps, in one place: the row schemas (task.ts,
 * checklist-item.ts, category.ts …) and the tools that write those fields use the same
 * numbers, so a row that arrives by import or sync cannot hold what no tool could write.
 *
 * - `COUNTER_MAX` bounds `rev` and every vector-clock counter of a stored row (2^31 - 1:
 *   68 years of one write a second on one row). A row that arrives from outside (import)
 *   may carry at most `RECEIVED_COUNTER_MAX` (2^30), so at least 2^30 local writes remain
 *   before a stored row reaches the bound: an imported row always stays editable.
 * - A task keeps its newest `STATUS_HISTORY_MAX` status changes; older ones are dropped
 *   when the next change is written (the audit trail keeps every change).
 */
export const COUNTER_MAX = 2 ** 31 - 1;
export const RECEIVED_COUNTER_MAX = 2 ** 30;
/** Devices one vector clock may name. */
export const CLOCK_DEVICES_MAX = 200;

export const STATUS_REASON_MAX_LENGTH = 500;
export const STATUS_HISTORY_MAX = 200;
export const LABELS_PER_TASK_MAX = 50;
export const LABEL_CATEGORIES_MAX = 50;
export const NAME_MAX_LENGTH = 60;
export const LANGUAGE_CODE_MAX_LENGTH = 35;
export const AGENT_DIRECTIVES_MAX_LENGTH = 4_000;
export const AGENT_CATEGORIES_MAX = 500;

/** The agent's report and observations, as update_report and record_observations keep them. */
export const REPORT_LIMITS = Object.freeze({ oneLiner: 140, tldr: 800, content: 8_000 });
export const OBSERVATION_LIMITS = Object.freeze({ text: 1_000, category: 60 });
