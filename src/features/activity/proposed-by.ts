/**
 * "· proposed by the agent on Laptop", said after a decision's title when every decided
 * item names the same proposing device and `nameOf` names it (this device's own
 * decisions leave out this device). Items from before the proposing device was recorded
 * say nothing.
 */
export function proposedBy(
  decided: readonly { proposedOn?: string }[],
  nameOf: ((deviceId: string) => string | undefined) | undefined,
): string {
  const devices = new Set(decided.map((item) => item.proposedOn));
  const [device] = devices;
  const name = devices.size === 1 && device !== undefined ? nameOf?.(device) : undefined;
  return name ? ` · proposed by the agent on ${name}` : '';
}
