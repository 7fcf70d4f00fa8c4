/**
 * A proposal's identity: the tool and its canonical arguments. Two proposals with the
 * same fingerprint ask for the same change; a rejected fingerprint is never proposed
 * again for that task.
 */
import { canonicalJson } from './canonical-json';

export function proposalFingerprint(toolName: string, args: unknown): string {
  return `${toolName}:${canonicalJson(args)}`;
}
