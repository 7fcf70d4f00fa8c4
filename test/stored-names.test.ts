/**
 * Names that are stored data: renames in code never reach them. An operation id is hashed
 * from field names (`runKey` among them), so renaming a field would give every operation a
 * new id and sync would apply each one twice; table names and row fields are in every
 * journal on every device. When one of these must change, it takes a schema version and
 * a migration, not a rename.
 */
import { describe, expect, it } from 'vitest';
import { auditMessageSchema } from '../src/domain/audit';
import { ledgerRowSchema } from '../src/domain/ledger-row';
import { wakeSchema } from '../src/domain/agent';
import { changeSetSchema } from '../src/domain/change-set';
import { dispatch } from '../src/dispatcher/dispatch';
import { createTestDatabase } from './support/test-database';

describe('stored names', () => {
  it('keeps the operation id of a call: the same key, tool, arguments and task', async () => {
    const db = createTestDatabase();
    try {
      const result = await dispatch(
        db,
        'create_task',
        { title: 'Pinned' },
        { source: 'user', operationKey: 'pin:operation-id', now: '2026-01-01T00:00:00.000Z' },
      );
      expect(result.operationId).toBe(
        '21c34ff0329790835932868882f2e1e1b87dba1bf5ea8d33aae0c46400bd174b',
      );
      expect(
        await db.auditMessages.where('runKey').equals('pin:operation-id').count(),
      ).toBeGreaterThan(0);
      expect(await db.mutations.get(result.operationId)).toBeDefined();
    } finally {
      await db.delete();
    }
  });

  it('keeps the tables and the fields that name an operation key and the ledger', () => {
    const db = createTestDatabase();
    // A table may be added (with a schema version); none of these is ever renamed.
    expect(db.tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'agents',
        'auditMessages',
        'categories',
        'changeItems',
        'changeSets',
        'checklistItems',
        'decisions',
        'devices',
        'entries',
        'imports',
        'labels',
        'mutations',
        'observations',
        'outbox',
        'reports',
        'rules',
        'settings',
        'syncApplied',
        'syncNotices',
        'syncParts',
        'syncPushes',
        'syncQuarantine',
        'syncState',
        'tallies',
        'tasks',
        'wakes',
      ]),
    );
    expect(db.wakes.schema.indexes.map((index) => index.name)).toContain('runKey');
    expect(db.changeSets.schema.indexes.map((index) => index.name)).toContain('runKey');
    expect(db.auditMessages.schema.indexes.map((index) => index.name)).toContain('runKey');
    expect(Object.keys(wakeSchema.shape)).toContain('runKey');
    expect(Object.keys(changeSetSchema.shape)).toContain('runKey');
    expect(Object.keys(auditMessageSchema.shape)).toContain('runKey');
    expect(Object.keys(ledgerRowSchema.shape)).toEqual(
      expect.arrayContaining(['operationId', 'toolName', 'source', 'taskId', 'diffs', 'createdAt']),
    );
  });
});
