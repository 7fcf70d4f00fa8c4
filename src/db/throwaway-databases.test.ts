import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { CountersignDatabase } from './database';
import { deleteThrowawayDatabases, openThrowawayDatabase } from './throwaway-databases';

describe('throwaway databases', () => {
  it('deletes the ones under its prefix, and no other', async () => {
    const journal = new CountersignDatabase(`countersign-journal-${crypto.randomUUID()}`);
    const left = [
      openThrowawayDatabase('countersign-test-'),
      openThrowawayDatabase('countersign-test-'),
    ];
    await Promise.all([journal.open(), ...left.map((db) => db.open())]);
    left.forEach((db) => db.close());

    expect(await deleteThrowawayDatabases('countersign-test-')).toBe(2);
    const names = await Dexie.getDatabaseNames();
    expect(names.filter((name) => name.startsWith('countersign-test-'))).toEqual([]);
    expect(names).toContain(journal.name);
    await journal.delete();
  });

  it('refuses a prefix that could name the journal itself', async () => {
    await expect(deleteThrowawayDatabases('countersign')).rejects.toThrow(/not a throwaway prefix/);
    await expect(deleteThrowawayDatabases('')).rejects.toThrow(/not a throwaway prefix/);
  });
});
