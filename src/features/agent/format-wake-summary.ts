/** One line about a recorded wake: when, how it ended, turns, tokens, how long it took. */
import type { Wake } from '../../domain/agent';
import { formatDuration } from '../../lib/format-duration';
import { countOf } from '../../lib/count-of';

const STATUS_WORDS: Record<Wake['status'], string> = {
  running: 'still running',
  done: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
};

interface SummaryOptions {
  locale?: string;
  now?: Date;
  /** A row still "running" that no tab or worker runs any more (isWakeRowAlive). */
  interrupted?: boolean;
}

/**
 * "Last wake 9:04 AM · finished · 2 turns · took 4 s" (the date only when it was not today),
 * short enough for one line on a phone; the token counts are in `formatWakeUsage`.
 */
export function formatWakeSummary(
  wake: Wake,
  { locale, now = new Date(), interrupted = false }: SummaryOptions = {},
): string {
  const started = new Date(wake.startedAt);
  const today = started.toDateString() === now.toDateString();
  const when = new Intl.DateTimeFormat(
    locale,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(started);
  if (wake.status === 'running')
    return interrupted
      ? `Wake started ${when} · interrupted (its page closed)`
      : `Wake started ${when} · ${STATUS_WORDS.running}`;
  const parts = [`Last wake ${when}`, STATUS_WORDS[wake.status]];
  if (wake.turns !== undefined) parts.push(countOf(wake.turns, 'turn'));
  if (wake.endedAt)
    parts.push(`took ${formatDuration(Date.parse(wake.endedAt) - Date.parse(wake.startedAt))}`);
  return parts.join(' · ');
}

/** "770 tokens (650 in, 120 out)", or undefined when the provider did not say. */
export function formatWakeUsage(wake: Wake, locale?: string): string | undefined {
  if (!wake.usage) return undefined;
  const number = new Intl.NumberFormat(locale);
  const tokens = (wake.usage.inputTokens ?? 0) + (wake.usage.outputTokens ?? 0);
  return `${number.format(tokens)} tokens (${number.format(wake.usage.inputTokens ?? 0)} in, ${number.format(wake.usage.outputTokens ?? 0)} out)`;
}
