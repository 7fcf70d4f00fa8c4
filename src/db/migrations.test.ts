import { afterEach, describe, expect, it } from 'vitest';
import { openAtVersion, openCurrent } from '../../test/support/migration-harness';
import { LATEST_SCHEMA_VERSION, SCHEMA_VERSIONS } from './schema-versions';
import type { CountersignDatabase } from './database';

const opened: CountersignDatabase[] = [];
const track = (db: CountersignDatabase) => (opened.push(db), db);
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const stamp = {
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  rev: 1,
  vectorClock: { a: 1 },
};

/** A task as version 1 stored it: no suppressedLabelIds, language without a source. */
const v1Task = {
  ...stamp,
  id: 'task-1',
  title: 'Written by version 1',
  status: 'OPEN',
  statusHistory: [],
  priority: 'P2',
  labelIds: ['label-1'],
  languageCode: 'de',
};

/** A decision as versions 4 to 6 stored it (no category). */
const storedDecision = (fields: { id: string } & Record<string, string>) => ({
  ...stamp,
  changeSetId: 'set-1',
  taskId: 'task-1',
  itemIndex: 0,
  toolName: 'update_task_estimate',
  args: {},
  fingerprint: fields.id,
  verdict: 'rejected',
  actor: 'user',
  decidedAt: stamp.updatedAt,
  deviceId: 'device',
  ...fields,
});

describe('schema versions', () => {
  // Strictly upwards; a gap is allowed while two branches each add a version (5 and 6).
  it('are numbered upwards, the last one latest', () => {
    const numbers = SCHEMA_VERSIONS.map((version) => version.version);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.at(-1)).toBe(LATEST_SCHEMA_VERSION);
  });

  it('open version 1 data with the current code, backfilling what version 2 added', async () => {
    const name = `migration-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 1);
    await old.open();
    await old.table('tasks').add(v1Task);
    await old.table('tasks').add({ ...v1Task, id: 'task-2', languageCode: undefined });
    await old.table('entries').add({ ...stamp, id: 'entry-1', taskId: 'task-1', text: 'kept' });
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(current.verno).toBe(LATEST_SCHEMA_VERSION);
    const task = await current.tasks.get('task-1');
    expect(task).toMatchObject({
      title: 'Written by version 1',
      suppressedLabelIds: [],
      languageCode: 'de',
      languageSource: 'user',
    });
    expect((await current.tasks.get('task-2'))?.languageSource).toBeUndefined();
    expect(await current.entries.get('entry-1')).toMatchObject({ text: 'kept' });
    // The agent tables exist and accept rows.
    await current.changeSets.add({
      ...stamp,
      id: 'set-1',
      agentId: 'agent',
      taskId: 'task-1',
      runKey: 'run',
      status: 'pending',
      counts: { total: 0, pending: 0, expired: 0, waiting: 0 },
    });
    expect(await current.changeSets.where('taskId').equals('task-1').count()).toBe(1);
  });

  it('open version 2 proposals with the current code: one row per item, counts and the inbox index', async () => {
    const name = `migration-v2-sets-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 2);
    await old.open();
    await old.table('tasks').bulkAdd([
      { ...v1Task, suppressedLabelIds: [] },
      { ...v1Task, id: 'task-gone', suppressedLabelIds: [], deletedAt: stamp.updatedAt },
    ]);
    const item = (status: string, title: string) => ({
      toolName: 'update_task_estimate',
      args: { minutes: title.length },
      humanSummary: title,
      status,
      fingerprint: `fp-${title}`,
      baseRev: 1,
    });
    await old.table('changeSets').bulkAdd([
      {
        ...stamp,
        id: 'set-open',
        agentId: 'default-agent',
        taskId: 'task-1',
        runKey: 'wake:1',
        status: 'partiallyResolved',
        expiresAt: '2026-02-01T00:00:00.000Z',
        items: [item('confirmed', 'one'), item('pending', 'two'), item('pending', 'three')],
      },
      {
        ...stamp,
        id: 'set-of-deleted-task',
        agentId: 'default-agent',
        taskId: 'task-gone',
        runKey: 'wake:2',
        status: 'pending',
        items: [item('pending', 'four')],
      },
    ]);
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    const items = await current.changeItems
      .where('changeSetId')
      .equals('set-open')
      .sortBy('itemIndex');
    expect(items.map((row) => [row.id, row.status, row.humanSummary])).toEqual([
      ['set-open:0', 'confirmed', 'one'],
      ['set-open:1', 'pending', 'two'],
      ['set-open:2', 'pending', 'three'],
    ]);
    expect(items[1]).toMatchObject({
      taskId: 'task-1',
      proposedAt: stamp.createdAt,
      expiresAt: '2026-02-01T00:00:00.000Z',
      pendingKey: [stamp.createdAt, 'set-open', 1],
      pendingExpiry: '2026-02-01T00:00:00.000Z',
    });
    expect(items[0]!.pendingKey).toBeUndefined();
    const set = await current.changeSets.get('set-open');
    expect(set).toMatchObject({ counts: { total: 3, pending: 2, expired: 0, waiting: 2 } });
    expect(set).not.toHaveProperty('items');
    // The deleted task's item stays pending but does not wait in the inbox.
    expect((await current.changeItems.get('set-of-deleted-task:0'))?.pendingKey).toBeUndefined();
    expect(await current.tallies.get('pendingItems')).toEqual({ key: 'pendingItems', value: 2 });
    expect(await current.tallies.get('pendingSets')).toEqual({ key: 'pendingSets', value: 1 });
  });

  it('open version 3 data with the current code: sync tables empty, outbox and ledger kept', async () => {
    const name = `migration-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 3);
    await old.open();
    await old.table('tasks').add({ ...v1Task, suppressedLabelIds: [] });
    await old.table('outbox').add({
      id: 'outbox-1',
      operationId: 'op-1',
      kind: 'journal',
      diffs: [{ table: 'tasks', id: 'task-1', before: null, after: { id: 'task-1' } }],
      createdAt: stamp.createdAt,
    });
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.outbox.get('outbox-1')).toMatchObject({ operationId: 'op-1' });
    expect(await current.tasks.count()).toBe(1);
    for (const table of [
      current.syncPushes,
      current.syncState,
      current.syncApplied,
      current.syncParts,
      current.syncQuarantine,
      current.syncNotices,
    ])
      expect(await table.count()).toBe(0);
    // The new tables take rows, by their keys and indexes.
    await current.syncPushes.add({
      operationId: 'op-1',
      sequence: 1,
      state: 'pending',
      attempts: 0,
      updatedAt: 0,
      outboxId: 'outbox-1',
      kind: 'journal',
    });
    expect(await current.syncPushes.where('state').equals('pending').count()).toBe(1);
    await current.syncState.put({ key: 'cursor', value: 42 });
    expect(await current.syncState.get('cursor')).toEqual({ key: 'cursor', value: 42 });
  });

  it('open version 4 decisions with version 6: rules start empty, decisions are found by tool and verdict', async () => {
    const name = `migration-v4-rules-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 4);
    await old.open();
    await old.table('tasks').add({ ...v1Task, suppressedLabelIds: [] });
    const decision = (id: string, toolName: string, verdict: string) =>
      storedDecision({ id, toolName, verdict });
    await old
      .table('decisions')
      .bulkAdd([
        decision('d1', 'update_task_estimate', 'rejected'),
        decision('d2', 'update_task_estimate', 'confirmed'),
        decision('d3', 'assign_task_label', 'rejected'),
      ]);
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.decisions.count()).toBe(3);
    expect(
      await current.decisions
        .where('[toolName+verdict]')
        .equals(['update_task_estimate', 'rejected'])
        .primaryKeys(),
    ).toEqual(['d1']);
    expect(await current.rules.count()).toBe(0);
    await current.rules.add({
      ...stamp,
      id: 'rule-1',
      effect: 'suppress',
      toolName: 'assign_task_label',
      categoryId: 'cat-1',
      origin: 'test',
    });
    expect(await current.rules.where('categoryId').equals('cat-1').count()).toBe(1);
  });

  it('open version 4 data with the current code: imports empty, ledger and sync rows kept', async () => {
    const name = `migration-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 4);
    await old.open();
    await old.table('tasks').add({ ...v1Task, suppressedLabelIds: [] });
    await old.table('mutations').add({
      operationId: 'op-4',
      toolName: 'set_task_title',
      source: 'user',
      status: 'applied',
      attempts: 1,
      diffs: [],
      createdAt: stamp.createdAt,
    });
    await old.table('syncState').put({ key: 'cursor', value: 7 });
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.tasks.count()).toBe(1);
    expect(await current.mutations.get('op-4')).toMatchObject({ toolName: 'set_task_title' });
    expect(await current.syncState.get('cursor')).toEqual({ key: 'cursor', value: 7 });
    expect(await current.imports.count()).toBe(0);
    // The new table takes an import's record, found newest first by its index.
    await current.imports.add({
      id: 'import-1',
      fileName: 'journal.json',
      createdAt: stamp.createdAt,
      totalRows: 3,
      writtenRows: 3,
      operationIds: ['op-4'],
      state: 'imported',
    });
    expect(await current.imports.orderBy('createdAt').last()).toMatchObject({ id: 'import-1' });
  });

  it('open version 6 decisions with version 7: each takes its task’s category, found by category newest first', async () => {
    const name = `migration-v6-decision-categories-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 6);
    await old.open();
    await old.table('tasks').bulkAdd([
      { ...v1Task, suppressedLabelIds: [], categoryId: 'cat-work' },
      { ...v1Task, id: 'task-2', suppressedLabelIds: [] },
    ]);
    const decision = (id: string, taskId: string, decidedAt: string) =>
      storedDecision({ id, taskId, decidedAt });
    await old
      .table('decisions')
      .bulkAdd([
        decision('d1', 'task-1', '2026-01-01T00:00:00.000Z'),
        decision('d2', 'task-1', '2026-01-03T00:00:00.000Z'),
        decision('d3', 'task-2', '2026-01-02T00:00:00.000Z'),
        decision('d4', 'task-gone', '2026-01-04T00:00:00.000Z'),
      ]);
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.decisions.count()).toBe(4);
    expect(
      await current.decisions
        .where('[categoryId+decidedAt]')
        .between(['cat-work', ''], ['cat-work', '\uffff'])
        .reverse()
        .primaryKeys(),
    ).toEqual(['d2', 'd1']);
    // A task without a category, or gone: nothing to stamp, and out of every category's record.
    expect((await current.decisions.get('d3'))?.categoryId).toBeUndefined();
    expect((await current.decisions.get('d4'))?.categoryId).toBeUndefined();
  });

  it('open a version 7 ledger and wakes with version 8: both are found by task and time', async () => {
    const name = `migration-v7-ledger-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 7);
    await old.open();
    const row = (operationId: string, taskId: string | undefined, createdAt: string) => ({
      operationId,
      toolName: 'add_journal_entry',
      source: 'user',
      ...(taskId ? { taskId } : {}),
      status: 'applied',
      attempts: 1,
      diffs: [],
      result: 'ok',
      createdAt,
    });
    await old
      .table('mutations')
      .bulkAdd([
        row('op-1', 'task-1', '2026-01-01T00:00:00.000Z'),
        row('op-2', 'task-1', '2026-01-03T00:00:00.000Z'),
        row('op-3', 'task-2', '2026-01-04T00:00:00.000Z'),
        row('op-4', undefined, '2026-01-05T00:00:00.000Z'),
      ]);
    const wake = (id: string, taskId: string, startedAt: string) => ({
      ...stamp,
      id,
      agentId: 'default-agent',
      taskId,
      runKey: `wake:${id}`,
      status: 'done',
      startedAt,
    });
    await old
      .table('wakes')
      .bulkAdd([
        wake('w1', 'task-1', '2026-01-01T00:00:00.000Z'),
        wake('w2', 'task-1', '2026-01-03T00:00:00.000Z'),
        wake('w3', 'task-2', '2026-01-04T00:00:00.000Z'),
      ]);
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.mutations.count()).toBe(4);
    expect(
      await current.mutations
        .where('[taskId+createdAt]')
        .between(['task-1', '2026-01-02T00:00:00.000Z'], ['task-1', '\uffff'])
        .primaryKeys(),
    ).toEqual(['op-2']);
    expect(
      await current.wakes
        .where('[taskId+startedAt]')
        .between(['task-1', ''], ['task-1', '\uffff'])
        .reverse()
        .primaryKeys(),
    ).toEqual(['w2', 'w1']);
  });

  it('open version 8 data with version 9: the device list starts empty and keeps a device', async () => {
    const name = `migration-v8-devices-${crypto.randomUUID()}`;
    const old = openAtVersion(name, 8);
    await old.open();
    await old.table('tasks').add(v1Task);
    old.close();

    const current = track(openCurrent(name));
    await current.open();
    expect(await current.tasks.count()).toBe(1);
    expect(await current.devices.count()).toBe(0);
    await current.devices.add({
      ...stamp,
      id: 'device-1',
      name: 'Kitchen tablet',
      kind: 'tablet',
      added: stamp.createdAt,
      keys: {
        agreement: { kty: 'EC', crv: 'P-256', x: 'a'.repeat(43), y: 'b'.repeat(43) },
        signing: { kty: 'EC', crv: 'P-256', x: 'c'.repeat(43), y: 'd'.repeat(43) },
      },
    });
    expect((await current.devices.get('device-1'))?.name).toBe('Kitchen tablet');
  });

  it('open each previous version with the next one without losing rows', async () => {
    for (const { version } of SCHEMA_VERSIONS.slice(1)) {
      const name = `migration-${version}-${crypto.randomUUID()}`;
      const previous = openAtVersion(name, version - 1);
      await previous.open();
      await previous.table('tasks').add({ ...v1Task, id: `task-${version}` });
      await previous.table('checklistItems').add({
        ...stamp,
        id: 'item',
        taskId: `task-${version}`,
        title: 'x',
        isChecked: false,
        isArchived: false,
        order: 1,
      });
      previous.close();
      const next = track(openAtVersion(name, version));
      await next.open();
      expect(await next.table('tasks').count()).toBe(1);
      expect(await next.table('checklistItems').count()).toBe(1);
    }
  });
});
