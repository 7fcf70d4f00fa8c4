/**
 * The sync status in words: a few for the navigation, a sentence for Settings and screen
 * readers. A server address in the sentence is shown without its credentials.
 */
import type { SyncCounts } from '../../db/sync-settings';
import type { SyncStatus } from '../../db/sync-connection';
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

/**
 * Parts of a split change from another device that wait for the rest, and those set aside
 * because the rest never came (sync/incoming/orphan-parts.ts keeps them 30 days).
 */
function partsSentence({ partsWaiting, partsExpired }: SyncCounts): string {
  const waiting =
    partsWaiting > 0
      ? ` ${countOf(partsWaiting, 'part')} of a split change from another device ${partsWaiting === 1 ? 'waits' : 'wait'} for the rest (kept 30 days).`
      : '';
  const expired =
    partsExpired > 0
      ? ` ${countOf(partsExpired, 'part')} of split changes ${partsExpired === 1 ? 'was' : 'were'} set aside: the rest never arrived within 30 days.`
      : '';
  return `${waiting}${expired}`;
}

export function describeSync(view: SyncView): SyncWords {
  const words = describeStatus(view);
  return words.tone === 'off'
    ? words
    : { ...words, long: `${words.long}${partsSentence(view.counts)}` };
}

function describeStatus({ enabled, status, counts }: SyncView): SyncWords {
  const waiting = counts.waiting > 0 ? `${countOf(counts.waiting, 'change')} waiting to send` : '';
  if (!enabled) return { short: 'Sync off', long: 'Sync is off on this device.', tone: 'off' };
  // Nothing will be sent again from here: what waits is this device's alone, said as it is.
  if (status?.errorKind === 'removed') {
    return { short: 'Removed from journal', long: status.message, tone: 'warning' };
  }
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
        short: status?.progress ?? 'Connecting…',
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
      if (status?.catchingUp) {
        const { done, total } = status.catchingUp;
        const counted = `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
        return {
          short: `Catching up: ${counted}`,
          long: `Catching up on the changes made on your other devices: ${counted} applied here.${waiting ? ` ${waiting}.` : ''}`,
          tone: 'busy',
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
