/**
 * Keeps a held claim (task-claims.ts) while its work runs: renewed every third of the
 * lease, one renewal at a time and none after `stop` (a late one would stand after the
 * release). A renewal that finds the next attempt taken means another device judged the
 * lease expired and took over: `lost` is called once, and renewing ends. A renewal that
 * cannot reach the server is tried again at the next third.
 */
import type { HeldClaim, TaskClaims } from './task-claims';

export function keepClaim(
  claims: Pick<TaskClaims, 'renew'>,
  held: HeldClaim,
  leaseMs: number,
  on: { renewed?: () => void; lost: () => void },
): { stop(): Promise<void> } {
  let lost = false;
  let renewals = Promise.resolve();
  const renewing = setInterval(() => {
    renewals = renewals.then(async () => {
      if (lost) return;
      if (await claims.renew(held).catch(() => true)) return on.renewed?.();
      lost = true;
      on.lost();
    });
  }, leaseMs / 3);
  return {
    async stop() {
      clearInterval(renewing);
      await renewals;
    },
  };
}
