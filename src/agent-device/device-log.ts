/**
 * The agent device's log: one JSON object a line on stdout (journald and container logs
 * keep them as they are), each with a time, a level, an event name and its details. It
 * never holds a key: the provider settings are not logged, and addresses lose credentials.
 */
import { withoutCredentials } from '../lib/without-credentials';

type Details = Record<string, string | number | boolean | undefined>;

export interface DeviceLog {
  info(event: string, details?: Details): void;
  error(event: string, details?: Details): void;
}

export function jsonLinesLog(write: (line: string) => void): DeviceLog {
  const line = (level: string, event: string, details: Details = {}) => {
    const clean = Object.fromEntries(
      Object.entries(details).map(([key, value]) => [
        key,
        typeof value === 'string' ? withoutCredentials(value) : value,
      ]),
    );
    write(JSON.stringify({ at: new Date().toISOString(), level, event, ...clean }));
  };
  return {
    info: (event, details) => line('info', event, details),
    error: (event, details) => line('error', event, details),
  };
}
