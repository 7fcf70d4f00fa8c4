/**
 * What a sync runtime can be given besides the database and the settings: the page passes
 * the defaults, tests their own clocks and transports, the sync worker and the agent device
 * what their place differs in (the network, larger batches, the kind of device).
 */
import type { DeviceKeyDatabase } from '../../db/device-key-store';
import type { DeviceKind } from '../../domain/device';
import type { PushClock } from '../push/push-clock';
import type { ReconciliationPolicy } from '../push/reconciliation-policy';
import type { KeyRing } from '../seal/key-ring';
import type { SignerLookup } from '../seal/signers';
import type { NatsConnect, NatsTransportOptions } from '../transport/nats-transport';
import type { FeedOptions } from '../transport/sync-transport';
import type { FeedShape } from './incoming-feed';
import type { NetworkState } from './network-state';

export interface SyncRuntimeOptions {
  /** Node tests pass @nats-io/transport-node's `connect`; browsers use WebSocket. */
  connect?: NatsConnect;
  policy?: ReconciliationPolicy;
  clock?: PushClock;
  transport?: Partial<NatsTransportOptions>;
  feed?: FeedOptions;
  /** Stream replicas when this device creates the stream (1 unless clustered). */
  replicas?: number;
  /**
   * The journal's key ring, asked before each message is sealed or opened. Without one (or
   * with no generations) messages go plain, as before encryption (decisions/0010).
   */
  journalKeys?: () => Promise<KeyRing>;
  /** This device's key store (journal-keys.ts): the ring is read there, and fetched into it. */
  keyStore?: DeviceKeyDatabase;
  /** Whose key signs for which device (journal-key-access.ts says the default). */
  signers?: SignerLookup;
  /** This build (lib/app-version.ts); tests pass one to model an update. */
  appVersion?: string;
  /** Online or not (the page's own unless given: the sync worker is told by its page). */
  network?: NetworkState;
  /** Batch and transaction sizes of the incoming feed (the page's unless given). */
  feedShape?: FeedShape;
  /** What kind of device this is, for its first record (guessed from the page unless given). */
  deviceKind?: DeviceKind;
}
