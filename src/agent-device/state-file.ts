/**
 * What the agent device keeps across restarts (decisions/0014): its device id, the stream
 * sequence up to which every synced edit has been considered for a wake, and the
 * operations it pushed (so replaying them from the stream is not mistaken for another
 * device using its id). One JSON file, readable by its user only (0600), replaced whole
 * by a rename so a stop or a crash never leaves half of it.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { pushedSchema } from './pushed-operations';

const stateSchema = z.object({
  deviceId: z.string().min(1),
  /** Edits up to this stream sequence were considered; later ones are triggers. */
  considered: z.number().int().nonnegative(),
  /** Its own operations the stream may still replay (pushed-operations.ts). */
  pushed: pushedSchema,
});
export type DeviceState = z.infer<typeof stateSchema>;

export class StateFileError extends Error {}

function stateFilePath(dir: string): string {
  return join(dir, 'state.json');
}

/** The stored state, or undefined for a new device. */
export function readState(dir: string): DeviceState | undefined {
  const path = stateFilePath(dir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`${path} cannot be read: check its owner and mode.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const checked = stateSchema.safeParse(parsed);
  if (!checked.success)
    throw new StateFileError(
      `${path} is damaged: move it away to join the journal as a new device.`,
    );
  return checked.data;
}

export function writeState(dir: string, state: DeviceState): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = stateFilePath(dir);
  const next = `${path}.next`;
  writeFileSync(next, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  chmodSync(next, 0o600);
  renameSync(next, path);
}
