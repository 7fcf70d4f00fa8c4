/**
 * Joining this device to a journal, with a code from another device or from the recovery
 * phrase and the server details. Each says what went wrong in words and never throws; once
 * joined, sync starts with the settings that came with it.
 */
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { writeSyncConfig } from '../../db/sync-settings';
import type { DeviceKind } from '../../domain/device';
import { guessDeviceKind } from '../../sync/pairing/device-record';
import type { JoinCode } from '../../sync/pairing/join-code';
import { joinJournal, type Joined } from '../../sync/pairing/join-journal';
import { recoverJournal } from '../../sync/pairing/recover-journal';
import type { SyncConfig } from '../../sync/runtime/sync-config';

const KIND_NAMES: Record<DeviceKind, string> = {
  tablet: 'Tablet',
  phone: 'Phone',
  computer: 'Computer',
};

/** This device as it introduces itself when joining; the person can rename it later. */
function thisDeviceKind(): DeviceKind {
  const coarse = globalThis.matchMedia?.('(pointer: coarse)').matches ?? false;
  const screen = globalThis.screen;
  return guessDeviceKind(coarse, screen ? Math.min(screen.width, screen.height) : 1024);
}

/** Joined or recovered: sync starts with the settings it came with. */
async function startWith(joined: Joined): Promise<Joined> {
  if (joined.ok) await writeSyncConfig(getDatabase(), joined.config);
  return joined;
}

export async function joinHere(code: JoinCode): Promise<Joined> {
  const kind = thisDeviceKind();
  const deviceId = await getDeviceId(getDatabase());
  return startWith(await joinJournal(code, { deviceId, kind, name: KIND_NAMES[kind] }));
}

export async function recoverHere(config: SyncConfig, phrase: string): Promise<Joined> {
  const deviceId = await getDeviceId(getDatabase());
  return startWith(await recoverJournal(config, phrase, deviceId));
}
