/**
 * The words of the panel's live status line for a wake this tab started. A failure is
 * not described here: it gets its own error notice, so it is announced once.
 */
import { MAX_TURNS } from '../../agent/system-prompt';
import { reviewKind } from '../../tools/registry';
import type { TaskWake } from './wake-progress-store';
import { countOf } from '../../lib/count-of';

export function describeWakeProgress(wake: TaskWake): string {
  switch (wake.status) {
    case 'done':
      return doneWith(wake);
    case 'cancelled':
      return wake.proposed === 0
        ? 'Cancelled. Nothing was proposed.'
        : `Cancelled. ${capitalize(changes(wake.proposed))} proposed before that ${wake.proposed === 1 ? 'is' : 'are'} waiting for your review.`;
    case 'busy':
      return wake.message ?? 'The agent is already working on this task.';
    case 'failed':
      return '';
    case 'running':
      return [running(wake), soFar(wake)].filter(Boolean).join(' ');
  }
}

/** At most two lines on a phone: the status block keeps its height (agent.css). */
function doneWith(wake: TaskWake): string {
  switch (wake.ending) {
    case 'empty':
      return 'Done: the model sent an empty answer. Try again, or another model.';
    case 'words-only':
      return 'Done: the model answered in words, without a tool (see Activity).';
    case 'turn-limit':
      return `Stopped at ${MAX_TURNS} turns, without a report: ${wake.proposed === 0 ? 'no changes' : changes(wake.proposed)} proposed.`;
    default:
      return wake.proposed === 0
        ? 'Done: no changes proposed.'
        : `Done: ${changes(wake.proposed)} proposed for your review.`;
  }
}

function running(wake: TaskWake): string {
  if (wake.cancelRequested) return 'Cancelling…';
  const phase = wake.phase;
  switch (phase?.type) {
    case 'connecting':
      return `Connecting to ${phase.provider}…`;
    case 'thinking':
      return `Thinking (turn ${phase.turn} of up to ${MAX_TURNS})…`;
    case 'waiting':
      return `Waiting ${Math.round(phase.seconds)} s: ${lowerFirst(phase.reason)}`;
    case 'notice':
      return phase.message;
    default:
      return 'Starting the agent…';
  }
}

function soFar(wake: TaskWake): string {
  return wake.proposed > 0 ? `${capitalize(changes(wake.proposed))} proposed so far.` : '';
}

const TOOL_OUTCOMES: Record<string, string> = {
  queued: 'queued for your review',
  applied: 'applied',
  noted: 'noted',
  skipped: 'skipped, nothing to change',
  error: 'refused, and the agent was told why',
};

/** The quiet line under the status: the last tool call, in words. */
export function describeLastStep(wake: TaskWake): string | undefined {
  if (wake.status !== 'running' || !wake.lastTool) return undefined;
  const { turn, toolName, outcome } = wake.lastTool;
  return `Last step (turn ${turn}): ${toolName}, ${TOOL_OUTCOMES[outcome] ?? outcome}.`;
}

/**
 * Once a wake has ended, the same quiet line says what it changed without asking (the
 * tools that apply at once, such as the task's language) and how many of its calls were
 * refused, so "no changes" is not read as "nothing to change": the rest waits below for
 * review, and Activity has the details. Items a trusted-tool rule confirmed after the
 * wake's turn are decisions, shown in the review history, not here.
 */
export function describeWakeEnd(wake: TaskWake): string | undefined {
  if (wake.status === 'running') return undefined;
  const kinds = [...new Set((wake.appliedTools ?? []).map((name) => lowerFirst(reviewKind(name))))];
  const parts = [
    kinds.length > 0 ? `Applied without asking: ${kinds.join(', ')}` : '',
    wake.refused ? `${countOf(wake.refused, 'call')} refused` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join('; ')} (see Activity).` : undefined;
}

function changes(count: number): string {
  return countOf(count, 'change');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  // Keep acronyms ("API …") as they are.
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
