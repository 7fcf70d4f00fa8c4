/**
 * The one module that owns the IndexedDB schema. Everything else gets a
 * `CountersignDatabase` and reads or writes through the helpers of src/db.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Agent, Observation, Report, Wake } from '../domain/agent';
import type { AuditMessage } from '../domain/audit';
import type { LedgerRow } from '../domain/ledger-row';
import type { OutboxRow } from '../domain/outbox-row';
import type { Category, Label } from '../domain/category';
import type { ChangeItem, ChangeSet, Decision } from '../domain/change-set';
import type { ChecklistItem } from '../domain/checklist-item';
import type { KnownClaim } from '../domain/decision-claim';
import type { Device } from '../domain/device';
import type { JournalEntry } from '../domain/journal-entry';
import type { Rule } from '../domain/rule';
import type { Task } from '../domain/task';
import type { ImportRecord } from './import-record';
import { SCHEMA_VERSIONS, type SchemaVersion } from './schema-versions';
import type {
  SyncAppliedRow,
  SyncNoticeRow,
  SyncPartRow,
  SyncPushRecord,
  SyncQuarantineRow,
  SyncStateRow,
} from './sync-rows';

export interface SettingRow {
  key: string;
  value: unknown;
}

/** A running total kept in the same transactions as what it counts (db/tallies.ts). */
export interface TallyRow {
  key: string;
  value: number;
}

const DEFAULT_DATABASE_NAME = 'countersign';

export class CountersignDatabase extends Dexie {
  tasks!: EntityTable<Task, 'id'>;
  checklistItems!: EntityTable<ChecklistItem, 'id'>;
  entries!: EntityTable<JournalEntry, 'id'>;
  categories!: EntityTable<Category, 'id'>;
  labels!: EntityTable<Label, 'id'>;
  settings!: EntityTable<SettingRow, 'key'>;
  agents!: EntityTable<Agent, 'id'>;
  rules!: EntityTable<Rule, 'id'>;
  wakes!: EntityTable<Wake, 'id'>;
  changeSets!: EntityTable<ChangeSet, 'id'>;
  changeItems!: EntityTable<ChangeItem, 'id'>;
  tallies!: EntityTable<TallyRow, 'key'>;
  decisions!: EntityTable<Decision, 'id'>;
  auditMessages!: EntityTable<AuditMessage, 'id'>;
  reports!: EntityTable<Report, 'id'>;
  observations!: EntityTable<Observation, 'id'>;
  mutations!: EntityTable<LedgerRow, 'operationId'>;
  outbox!: EntityTable<OutboxRow, 'id'>;
  syncPushes!: EntityTable<SyncPushRecord, 'operationId'>;
  syncState!: EntityTable<SyncStateRow, 'key'>;
  syncApplied!: EntityTable<SyncAppliedRow, 'operationId'>;
  syncParts!: EntityTable<SyncPartRow, 'id'>;
  syncQuarantine!: EntityTable<SyncQuarantineRow, 'seq'>;
  syncNotices!: EntityTable<SyncNoticeRow, 'id'>;
  imports!: EntityTable<ImportRecord, 'id'>;
  devices!: EntityTable<Device, 'id'>;
  syncClaims!: EntityTable<KnownClaim, 'id'>;

  /** `versions` exists for the migration tests, which open a database at an older version. */
  constructor(
    name: string = DEFAULT_DATABASE_NAME,
    versions: readonly SchemaVersion[] = SCHEMA_VERSIONS,
  ) {
    super(name);
    for (const { version, stores, upgrade } of versions) {
      const declared = this.version(version).stores(stores);
      if (upgrade) declared.upgrade(upgrade);
    }
  }
}
