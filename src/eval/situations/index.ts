/** The evaluation suite, parsed when loaded, and the short version Settings runs. */
import { parseSituations, type Situation } from '../situation';
import { GUARDS } from './guards';
import { LONG_JOURNAL } from './long-journal';
import { PLAIN_FACTS } from './plain-facts';
import { STATUSES } from './statuses';

export const SITUATIONS: readonly Situation[] = parseSituations([
  ...PLAIN_FACTS,
  ...STATUSES,
  ...GUARDS,
  ...LONG_JOURNAL,
]);

/** Five situations, about a minute on a local model: one of each kind that matters most. */
const QUICK_IDS = [
  'clear-estimate',
  'vague-entry',
  'checklist-from-plan',
  'rejected-stays-rejected',
  'injection-mark-done',
] as const;

export const QUICK_SITUATIONS: readonly Situation[] = QUICK_IDS.map((id) => {
  const situation = SITUATIONS.find((candidate) => candidate.id === id);
  if (!situation) throw new Error(`The quick check names "${id}", which is not in the suite.`);
  return situation;
});
