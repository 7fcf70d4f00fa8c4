/** Databases a test opens, each deleted once the test ends (fake-indexeddb keeps them otherwise). */
import { afterEach } from 'vitest';
import type { CountersignDatabase } from '../../src/db/database';
import { createTestDatabase } from './test-database';

/** A list to push every database a test opens onto; emptied and deleted after each test. */
export function deletedAfterEach(): CountersignDatabase[] {
  const opened: CountersignDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.delete()));
  });
  return opened;
}

/** A fresh test database per call, deleted after its test. */
export function freshDatabases(): () => CountersignDatabase {
  const opened = deletedAfterEach();
  return () => {
    const db = createTestDatabase();
    opened.push(db);
    return db;
  };
}
