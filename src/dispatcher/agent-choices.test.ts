import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTrustedTools, readTtlDays } from '../db/agent-settings';
import type { CountersignDatabase } from '../db/database';
import { SETTING_KEYS } from '../db/setting-keys';
import { DEFAULT_AGENT_ID } from '../domain/agent';
import { createTestDatabase } from '../../test/support/test-database';
import { moveDeviceChoicesToJournal, saveSchedule, saveTtlDays } from './agent-choices';

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** Writes through dispatch, each with its ledger row (and, once sync is on, its outbox row). */
const choiceWrites = () =>
  db.mutations.filter((row) => row.toolName === 'set_agent_choices').toArray();

describe('the choices an older version kept on this device', () => {
  it('move into the journal once, through the write path, so they sync', async () => {
    await db.settings.bulkPut([
      { key: SETTING_KEYS.trustedTools, value: ['update_task_priority', 'set_task_title'] },
      { key: SETTING_KEYS.changeSetTtlDays, value: 14 },
    ]);
    expect(await readTrustedTools(db)).toEqual([]);

    await moveDeviceChoicesToJournal(db);

    expect(await readTrustedTools(db)).toEqual(['update_task_priority', 'set_task_title']);
    expect(await readTtlDays(db)).toBe(14);
    expect(await db.agents.get(DEFAULT_AGENT_ID)).toMatchObject({ allowedCategoryIds: [] });
    expect(await db.settings.get(SETTING_KEYS.trustedTools)).toBeUndefined();
    expect(await db.settings.get(SETTING_KEYS.changeSetTtlDays)).toBeUndefined();
    expect(await choiceWrites()).toHaveLength(1);

    await moveDeviceChoicesToJournal(db);
    expect(await choiceWrites()).toHaveLength(1);
  });

  it('never overwrite a choice the journal already holds (another device moved or set it first)', async () => {
    await saveTtlDays(db, 30);
    await db.settings.bulkPut([
      { key: SETTING_KEYS.trustedTools, value: ['update_task_priority'] },
      { key: SETTING_KEYS.changeSetTtlDays, value: 3 },
    ]);

    await moveDeviceChoicesToJournal(db);

    expect(await readTtlDays(db)).toBe(30);
    expect(await readTrustedTools(db)).toEqual(['update_task_priority']);
  });

  it('ignore what does not parse, and write nothing when nothing was chosen', async () => {
    await db.settings.bulkPut([
      { key: SETTING_KEYS.trustedTools, value: 'everything' },
      { key: SETTING_KEYS.changeSetTtlDays, value: 9000 },
    ]);
    await moveDeviceChoicesToJournal(db);
    expect(await choiceWrites()).toHaveLength(0);
    expect(await readTtlDays(db)).toBe(7);
  });
});

describe('saving a schedule', () => {
  it('refuses an unknown time zone in words, and keeps nothing', async () => {
    await expect(
      saveSchedule(db, {
        enabled: true,
        time: '07:00',
        timeZone: 'Mars/Olympus_Mons',
        since: new Date().toISOString(),
      }),
    ).rejects.toThrow(/time zone/i);
    expect((await db.agents.get(DEFAULT_AGENT_ID))?.schedule).toBeUndefined();
  });
});
