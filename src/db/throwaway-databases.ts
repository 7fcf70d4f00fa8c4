/**
 * Databases that hold a made-up journal for a while and are then deleted (Settings' model
 * check): each under a name of its own, never the person's journal ("countersign").
 */
import Dexie from 'dexie';
import { CountersignDatabase } from './database';

export function openThrowawayDatabase(prefix: string): CountersignDatabase {
  return new CountersignDatabase(`${prefix}${crypto.randomUUID()}`);
}

/** Deletes every database whose name starts with `prefix`: what a closed tab left behind. */
export async function deleteThrowawayDatabases(prefix: string): Promise<number> {
  // Ending in "-", a prefix cannot be the journal's own name ("countersign").
  if (!/^[a-z]+(-[a-z]+)*-$/.test(prefix))
    throw new Error(`"${prefix}" is not a throwaway prefix (words joined by "-", ending in "-").`);
  const names = (await Dexie.getDatabaseNames()).filter((name) => name.startsWith(prefix));
  await Promise.all(names.map((name) => Dexie.delete(name)));
  return names.length;
}
