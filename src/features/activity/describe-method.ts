/** How a decision was made, in words ("Swiped", "Confirm all, with changes"). */
import type { Decision, DecisionMethod } from '../../domain/change-set';

type Verdict = Decision['verdict'];

const HOW: Record<DecisionMethod, (verdict: Verdict) => string> = {
  swipe: () => 'Swiped',
  button: (verdict) => (verdict === 'rejected' ? 'Tapped Reject' : 'Tapped Confirm'),
  keyboard: () => 'With the keyboard',
  confirmAll: () => 'Confirm all',
  rule: () => 'A trusted tool, without asking',
};

/** How a decision was made, or undefined when its device did not record it. */
export function describeMethod(
  method: DecisionMethod | undefined,
  verdict: Verdict,
  edited: boolean,
): string | undefined {
  const how = method ? HOW[method](verdict) : undefined;
  if (!edited) return how;
  return how ? `${how}, with changes` : 'With changes';
}
