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

export function formatWakeSummary(wake: Wake, locale?: string): string {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(wake.startedAt),
  );
  if (wake.status === 'running') return `Wake started ${when} · ${STATUS_WORDS.running}`;
  const parts = [`Last wake ${when}`, STATUS_WORDS[wake.status]];
  if (wake.turns !== undefined) parts.push(countOf(wake.turns, 'turn'));
  const tokens = (wake.usage?.inputTokens ?? 0) + (wake.usage?.outputTokens ?? 0);
  if (wake.usage) {
    const number = new Intl.NumberFormat(locale);
    parts.push(
      `${number.format(tokens)} tokens (${number.format(wake.usage.inputTokens ?? 0)} in, ${number.format(wake.usage.outputTokens ?? 0)} out)`,
    );
  }
  if (wake.endedAt)
    parts.push(`took ${formatDuration(Date.parse(wake.endedAt) - Date.parse(wake.startedAt))}`);
  return parts.join(' · ');
}
