/**
 * A proposal's identity: the tool and its canonical arguments. Two proposals with the
 * same fingerprint ask for the same change; a rejected fingerprint is never proposed
 * again for that task. It is built from parsed arguments, normalised the way applying
 * them normalises text: strings trimmed, and a string left empty counts as absent (a
 * `reason` of "  " applies as no reason). So "  Urgent " rejected is "Urgent" rejected.
 * It leaves out what says why or where, not what: the agent's `rationale` and a batch
 * item's `placement`, so a new rationale never makes a rejected proposal look new.
 */
import { canonicalJson } from './canonical-json';

const NOT_IN_FINGERPRINT = ['rationale', 'placement'] as const;

export function proposalFingerprint(toolName: string, args: Record<string, unknown>): string {
  const identity = Object.fromEntries(
    Object.entries(args).filter(
      ([key]) => !(NOT_IN_FINGERPRINT as readonly string[]).includes(key),
    ),
  );
  return `${toolName}:${canonicalJson(normalised(identity))}`;
}

function normalised(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).flatMap(([key, field]) => {
      const normal = normalised(field);
      return normal === '' || normal === undefined ? [] : [[key, normal] as const];
    });
    return Object.fromEntries(entries);
  }
  return value;
}
