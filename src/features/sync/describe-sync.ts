/**
 * The sync status in words: a few for the navigation, a sentence for Settings and screen
 * readers. A server address in the sentence is shown without its credentials.
 */
import type { SyncCounts, SyncStatus } from '../../db/sync-settings';
import { countOf } from '../../lib/count-of';
import { withoutCredentials } from '../../lib/without-credentials';

export interface SyncView {
  enabled: boolean;
  status: SyncStatus | undefined;
  counts: SyncCounts;
}

export interface SyncWords {
  short: string;
  long: string;
  tone: 'ok' | 'busy' | 'warning' | 'error' | 'off';
}

export function describeSync({ enabled, status, counts }: SyncView): SyncWords {
  const waiting = counts.waiting > 0 ? `${countOf(counts.waiting, 'change')} waiting to send` : '';
  if (!enabled) return { short: 'Sync off', long: 'Sync is off on this device.', tone: 'off' };
  if (counts.needDecision > 0) {
    const short = `${counts.needDecision} need${counts.needDecision === 1 ? 's' : ''} your decision`;
    return {
      short,
      long: `${short}: sending could not be confirmed. Open Settings → Sync to decide.`,
      tone: 'warning',
    };
  }
  if (counts.failed > 0 && status?.phase === 'connected') {
    const short = `${counts.failed} not sent`;
    return {
      short,
      long: `${countOf(counts.failed, 'change')} could not be sent: the server refused ${counts.failed === 1 ? 'it' : 'them'}. Settings → Sync says why.`,
      tone: 'error',
    };
  }
  const phase = status?.phase ?? 'connecting';
  const sentence = withoutCredentials(status?.message ?? 'Starting…');
  switch (phase) {
    case 'offline':
      return {
        short: waiting ? `Offline · ${counts.waiting} waiting` : 'Offline',
        long: `${sentence}${waiting ? ` ${waiting}.` : ''}`,
        tone: 'warning',
      };
    // Changes still wait while the server cannot be reached: the sentence says so, as
    // offline does (the pill's few words stay as wide as they were).
    case 'error':
      return {
        short: 'Sync problem',
        long: `${sentence}${waiting ? ` ${waiting}.` : ''}`,
        tone: 'error',
      };
    case 'connecting':
    case 'stopped':
      return {
        short: 'Connecting…',
        long: `${sentence}${waiting ? ` ${waiting}.` : ''}`,
        tone: 'busy',
      };
    case 'connected':
      if (status?.errorKind === 'waiting-for-key') {
        return {
          short: 'Waiting for the key',
          long: 'Waiting for this journal’s key: a change from another device is sealed under a key this device does not have yet. Open the app on a device that has it; if this device never had it, choose Join with a code (or the recovery phrase) in Settings → Sync. This device keeps working meanwhile.',
          tone: 'warning',
        };
      }
      return waiting
        ? {
            short: `${counts.waiting} waiting to send`,
            long: `Connected. ${waiting}.`,
            tone: 'busy',
          }
        : { short: 'Synced', long: sentence, tone: 'ok' };
  }
}
