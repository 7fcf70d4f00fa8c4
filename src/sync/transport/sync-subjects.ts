/**
 * Subject and stream names of one person's journal on the sync server. Every name is
 * built here from validated tokens, so no id coming from a device or a message can add
 * a `.`, `*` or `>` and reach another subject (see sync-server/accounts.conf).
 */

/** A person's journal user name: lowercase, as used in `cs.<user>.>` and `CS_<USER>`. */
const USER_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** One subject token: operation ids (hex hashes, uuids), change set ids, part ids. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export class InvalidSubjectTokenError extends Error {
  override readonly name = 'InvalidSubjectTokenError';
  constructor(what: string, value: string) {
    super(
      `${what} "${value.slice(0, 80)}" cannot be used in a sync subject: use 1-128 letters, ` +
        'digits, "-" or "_" (for example a uuid or a hex hash).',
    );
  }
}

function assertSyncUser(user: string): string {
  if (!USER_PATTERN.test(user)) {
    throw new InvalidSubjectTokenError(
      'The sync user name (lowercase letter first, then up to 31 of a-z, 0-9, "-", "_")',
      user,
    );
  }
  return user;
}

function token(what: string, value: string): string {
  if (!TOKEN_PATTERN.test(value)) throw new InvalidSubjectTokenError(what, value);
  return value;
}

export interface SyncSubjects {
  readonly stream: string;
  /** Everything of this person: the stream's only subject filter. */
  readonly all: string;
  operation(operationId: string): string;
  decision(changeSetId: string, itemIndex: number): string;
  /** Every decision claim. */
  readonly decisions: string;
  /** One part of a snapshot (sealed like an operation's part). */
  snapshotPart(snapshotId: string, index: number): string;
  /** A snapshot's manifest: readable, no journal content. */
  snapshotManifest(snapshotId: string): string;
  /** Every manifest on the server. */
  readonly snapshotManifests: string;
  /** A journal key generation sealed to one device's ECDH key (the key subject). */
  keyEnvelope(keyId: string, deviceId: string): string;
  /** The generations older than `keyId`, sealed under it. */
  olderKeys(keyId: string): string;
  /** Every message of the key subject. */
  readonly keys: string;
  /**
   * A device's progress report: its cursor, under its device token. One subject per report,
   * because the stream keeps one message per subject forever (a subject cannot be renewed).
   */
  progress(deviceToken: string, cursor: number): string;
  /**
   * A device's public signing key, readable, so the operator's compaction can check its
   * progress reports without the journal key (devices/signer-notices.ts).
   */
  signer(deviceId: string): string;
  /** A device removed from the journal, as the device that removed it says. */
  signerRemoved(deviceId: string): string;
  /** The compaction watermarks: only the operator's maintenance user may publish here. */
  readonly compactionWatermarks: string;
  /** One attempt to claim a task's wake (task-claims.ts): one subject per attempt. */
  taskClaim(taskToken: string, attempt: number): string;
  /** Every attempt on one task's claims, for a last-by-subject read. */
  taskClaims(taskToken: string): string;
  /** A message published only to read the server's clock back. */
  clock(token: string): string;
  /** How one wake ended, for every device's Activity (claims/wake-outcome.ts). */
  wakeOutcome(token: string): string;
  /** Wakes' progress: core NATS, outside the stream (`cs-live.<user>.>`), stored nowhere. */
  readonly wakeProgress: string;
}

function index(what: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new InvalidSubjectTokenError(what, String(value));
  }
  return value;
}

export function syncSubjects(user: string): SyncSubjects {
  assertSyncUser(user);
  return {
    stream: `CS_${user.toUpperCase().replaceAll('-', '_')}`,
    all: `cs.${user}.>`,
    operation: (operationId) => `cs.${user}.ops.${token('An operation id', operationId)}`,
    decision: (changeSetId, itemIndex) =>
      `cs.${user}.decisions.${token('A change set id', changeSetId)}.${index('An item index', itemIndex)}`,
    decisions: `cs.${user}.decisions.>`,
    snapshotPart: (snapshotId, partIndex) =>
      `cs.${user}.snap.${token('A snapshot id', snapshotId)}.${index('A part index', partIndex)}`,
    snapshotManifest: (snapshotId) => `cs.${user}.snapshots.${token('A snapshot id', snapshotId)}`,
    snapshotManifests: `cs.${user}.snapshots.*`,
    keyEnvelope: (keyId, deviceId) =>
      `cs.${user}.keys.${token('A key id', keyId)}.to.${token('A device id', deviceId)}`,
    olderKeys: (keyId) => `cs.${user}.keys.${token('A key id', keyId)}.older`,
    keys: `cs.${user}.keys.>`,
    progress: (deviceToken, cursor) =>
      `cs.${user}.progress.${token('A device token', deviceToken)}.${index('A cursor', cursor)}`,
    signer: (deviceId) => `cs.${user}.signers.${token('A device id', deviceId)}`,
    signerRemoved: (deviceId) => `cs.${user}.signers.${token('A device id', deviceId)}.removed`,
    compactionWatermarks: `cs.${user}.compaction.*`,
    taskClaim: (taskToken, attempt) =>
      `cs.${user}.claim.${token('A task token', taskToken)}.${index('A claim attempt', attempt)}`,
    taskClaims: (taskToken) => `cs.${user}.claim.${token('A task token', taskToken)}.*`,
    clock: (clockToken) => `cs.${user}.clock.${token('A clock token', clockToken)}`,
    wakeOutcome: (outcomeToken) => `cs.${user}.outcome.${token('An outcome token', outcomeToken)}`,
    wakeProgress: `cs-live.${user}.wake-progress`,
  };
}

export type SyncMessageKind = 'operation' | 'decision' | 'other';

/** What a subject of this person's stream carries. */
export function kindOfSubject(user: string, subject: string): SyncMessageKind {
  if (subject.startsWith(`cs.${user}.ops.`)) return 'operation';
  if (subject.startsWith(`cs.${user}.decisions.`)) return 'decision';
  return 'other';
}

/** The device a progress report's subject names, or undefined for any other subject. */
export function progressDeviceOf(user: string, subject: string): string | undefined {
  const prefix = `cs.${user}.progress.`;
  if (!subject.startsWith(prefix)) return undefined;
  const deviceId = subject.slice(prefix.length).split('.')[0];
  return deviceId && TOKEN_PATTERN.test(deviceId) ? deviceId : undefined;
}

/** The key id a key-subject message belongs to, or undefined for any other subject. */
export function keyIdOfSubject(user: string, subject: string): string | undefined {
  const prefix = `cs.${user}.keys.`;
  if (!subject.startsWith(prefix)) return undefined;
  const keyId = subject.slice(prefix.length).split('.')[0];
  return keyId && TOKEN_PATTERN.test(keyId) ? keyId : undefined;
}
