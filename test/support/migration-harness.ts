/**
 * Opens a database as an older app version would, so a test can write that version's
 * data and then open it with the current schema (the upgrade path a person takes).
 */
import { CountersignDatabase } from '../../src/db/database';
import { SCHEMA_VERSIONS } from '../../src/db/schema-versions';

export function openAtVersion(name: string, version: number): CountersignDatabase {
  const versions = SCHEMA_VERSIONS.filter((candidate) => candidate.version <= version);
  if (versions.length === 0) throw new Error(`No schema version ${version}`);
  return new CountersignDatabase(name, versions);
}

export function openCurrent(name: string): CountersignDatabase {
  return new CountersignDatabase(name);
}
