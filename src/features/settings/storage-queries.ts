/**
 * Query options for the browser's storage checks (StorageManager). Every function
 * copes with a browser that has no `navigator.storage`, or only part of it, by saying
 * "unsupported" instead of failing.
 */
import { queryOptions } from '@tanstack/react-query';

export type Persistence = 'persisted' | 'notPersisted' | 'unsupported';

export type StorageUsage =
  { supported: true; usageBytes: number; quotaBytes: number } | { supported: false };

function storageManager(): StorageManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

async function readPersistence(): Promise<Persistence> {
  const storage = storageManager();
  if (typeof storage?.persisted !== 'function') return 'unsupported';
  return (await storage.persisted()) ? 'persisted' : 'notPersisted';
}

async function readUsage(): Promise<StorageUsage> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return { supported: false };
  const { usage, quota } = await storage.estimate();
  if (usage === undefined || quota === undefined) return { supported: false };
  return { supported: true, usageBytes: usage, quotaBytes: quota };
}

/** Asks the browser to keep this site's data under storage pressure; resolves to its answer. */
export async function requestPersistence(): Promise<Persistence> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return 'unsupported';
  return (await storage.persist()) ? 'persisted' : 'notPersisted';
}

export type OfflineReadiness = 'ready' | 'not-yet' | 'unsupported';

/** Whether the service worker holds the app, so it opens without a network. */
async function readOfflineReadiness(): Promise<OfflineReadiness> {
  const workers = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (typeof workers?.getRegistration !== 'function') return 'unsupported';
  const registration = await workers.getRegistration();
  return registration?.active ? 'ready' : 'not-yet';
}

export const storageQueries = {
  all: () => ['storage'] as const,
  persisted: () =>
    queryOptions({ queryKey: [...storageQueries.all(), 'persisted'], queryFn: readPersistence }),
  estimate: () =>
    queryOptions({ queryKey: [...storageQueries.all(), 'estimate'], queryFn: readUsage }),
  offline: () =>
    queryOptions({
      queryKey: [...storageQueries.all(), 'offline'],
      queryFn: readOfflineReadiness,
    }),
};
