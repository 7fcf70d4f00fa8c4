/**
 * A proposal's identity: the tool and its canonical arguments. Two proposals with the
 * same fingerprint ask for the same change; a rejected fingerprint is never proposed
 * again for that task. It is built from parsed (normalised) arguments, and leaves out
 * what says why or where, not what: the agent's `rationale` and a batch item's
 * `placement`, so a new rationale never makes a rejected proposal look new.
 */
import { canonicalJson } from './canonical-json';

const NOT_IN_FINGERPRINT = ['rationale', 'placement'] as const;

export function proposalFingerprint(toolName: string, args: Record<string, unknown>): string {
  const identity = Object.fromEntries(
    Object.entries(args).filter(
      ([key]) => !(NOT_IN_FINGERPRINT as readonly string[]).includes(key),
    ),
  );
  return `${toolName}:${canonicalJson(identity)}`;
}
