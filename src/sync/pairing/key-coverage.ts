/**
 * Which devices hold the journal's newest key, read from subject names alone: a device
 * that syncs reports its progress under its device id (`cs.<user>.progress.<id>.<cursor>`),
 * and a device holding a generation has its envelope on `cs.<user>.keys.<key id>.to.<id>`.
 * Once every device that reports progress has an envelope, every device has the key and
 * seals what it sends; plain history can then be retired (snapshot and compaction).
 */
import type { PairingConnection } from './pairing-connection';

export interface KeyCoverage {
  /** Devices that have synced this journal (their progress reports). */
  devices: string[];
  /** Those of them, and any other, that hold the newest key. */
  withKey: string[];
}

function tokenAfter(prefix: string, subject: string): string | undefined {
  if (!subject.startsWith(prefix)) return undefined;
  return subject.slice(prefix.length).split('.')[0] || undefined;
}

export async function readKeyCoverage(
  connection: PairingConnection,
  keyId: string,
): Promise<KeyCoverage> {
  const progressPrefix = `cs.${connection.user}.progress.`;
  const envelopePrefix = `cs.${connection.user}.keys.${keyId}.to.`;
  const [progress, envelopes] = await Promise.all([
    connection.subjectsUnder(`${progressPrefix}>`),
    connection.subjectsUnder(`${envelopePrefix}*`),
  ]);
  const ids = (prefix: string, subjects: string[]) => [
    ...new Set(subjects.flatMap((subject) => tokenAfter(prefix, subject) ?? [])),
  ];
  return { devices: ids(progressPrefix, progress), withKey: ids(envelopePrefix, envelopes) };
}

/** The devices that have synced but do not hold the newest key yet. */
export function devicesWithoutKey(coverage: KeyCoverage): string[] {
  return coverage.devices.filter((device) => !coverage.withKey.includes(device));
}
