/** The app's one database connection, opened lazily (page and worker each have their own). */
import { CountersignDatabase } from './database';

let instance: CountersignDatabase | undefined;

export function getDatabase(): CountersignDatabase {
  instance ??= new CountersignDatabase();
  return instance;
}
