import type { NatsConnection } from '@nats-io/nats-core';

export const DEFAULT_RETENTION_DAYS: number;

export interface StreamFigures {
  subjects: number;
  messages: number;
  bytes: number;
}

export interface CompactionReport {
  user: string;
  before: StreamFigures;
  after: StreamFigures;
  /** The new watermark: everything up to it that was old enough is gone; 0 when nothing was. */
  cut: number;
  activeDevices?: number;
  /** Progress reports not counted (sync-server/signed-reports.mjs), by reason. */
  ignoredReports?: { unsigned: number; forged: number; removed: number };
  /** The same in words, when any was not counted. */
  ignored?: string;
  snapshotId?: string;
  reason?: string;
}

export function compactJournal(
  connection: NatsConnection,
  user: string,
  options?: { retentionMs?: number; now?: number },
): Promise<CompactionReport>;
