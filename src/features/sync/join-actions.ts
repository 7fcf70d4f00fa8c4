/**
 * Joining this device to a journal, with a code from another device or from the recovery
 * phrase and the server details. Each says what went wrong in words and never throws; once
 * joined, sync starts with the settings that came with it.
 */
import { getDatabase } from '../../db/connection';
import { getDeviceId } from '../../db/settings';
import { writeSyncConfig } from '../../db/sync-connection';
import { applySyncSettings } from './sync-control';
import { defaultDeviceName, thisDeviceKind } from '../../sync/devices/device-records';
import type { JoinCode } from '../../sync/pairing/join-code';
import { joinJournal, type Joined } from '../../sync/pairing/join-journal';
import { idToJoinUnder } from '../../sync/devices/rejoin';
import { recoverJournal } from '../../sync/pairing/recover-journal';
import type { SyncConfig } from '../../sync/runtime/sync-config';

/**
 * Joined or recovered: sync starts with the settings it came with, and starts again when
 * this device joined under a new id (its runtime stopped at its removal, and the settings
 * may be the same).
 */
async function startWith(joined: Joined, newId: boolean): Promise<Joined> {
  if (!joined.ok) return joined;
  await writeSyncConfig(getDatabase(), joined.config);
  if (newId) await applySyncSettings(getDatabase(), joined.config, true);
  return joined;
}

/** This device's id to join under: a new one when the journal removed the old one. */
async function joiningId(): Promise<{ deviceId: string; newId: boolean }> {
  const db = getDatabase();
  const before = await getDeviceId(db);
  const deviceId = await idToJoinUnder(db, new Date().toISOString());
  return { deviceId, newId: deviceId !== before };
}

export async function joinHere(code: JoinCode): Promise<Joined> {
  const kind = thisDeviceKind();
  const { deviceId, newId } = await joiningId();
  // As it introduces itself when joining; the person can rename it later.
  return startWith(
    await joinJournal(code, { deviceId, kind, name: defaultDeviceName(kind, deviceId) }),
    newId,
  );
}

export async function recoverHere(config: SyncConfig, phrase: string): Promise<Joined> {
  const { deviceId, newId } = await joiningId();
  return startWith(await recoverJournal(config, phrase, deviceId), newId);
}
