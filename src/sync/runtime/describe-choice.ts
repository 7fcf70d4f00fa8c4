/** The person's decision on a push that could not be confirmed, in words for Activity. */
import type { IndeterminateChoice } from '../push/push-row';

const WORDS: Record<IndeterminateChoice, string> = {
  happened: 'it happened (it is on the server; nothing is sent again)',
  'did-not-happen': 'it did not happen (it is sent again, still at most once)',
  skip: 'skip it (it is not sent; it stays on this device only)',
};

export function describeChoice(choice: IndeterminateChoice, operationId: string): string {
  return `Sync: for a change whose sending could not be confirmed (${operationId.slice(0, 8)}), you chose: ${WORDS[choice]}.`;
}
