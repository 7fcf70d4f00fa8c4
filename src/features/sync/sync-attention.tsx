/**
 * What sync needs the person for: changes whose sending could not be confirmed (the
 * reconciliation spec's three choices, explained), changes that could not be sent,
 * decisions another device made first, and messages that could not be read.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { getDatabase } from '../../db/connection';
import { dismissSyncNotice, readSyncAttention, type PushForPerson } from '../../db/sync-queries';
import { countOf } from '../../lib/count-of';
import { formatTimestamp } from '../../lib/format-timestamp';
import { withoutCredentials } from '../../lib/without-credentials';
import { Button } from '../../ui/button';
import { Notice } from '../../ui/notice';
import { runningSync } from './sync-control';

const CHOICES = [
  {
    choice: 'happened',
    label: 'It happened',
    means: 'It is on the server already (you see it on your other device). Nothing is sent again.',
  },
  {
    choice: 'did-not-happen',
    label: 'It did not happen',
    means: 'Send it again. It still cannot arrive twice: the server keeps one copy of each change.',
  },
  {
    choice: 'skip',
    label: 'Skip it',
    means: 'Do not send it. It stays on this device only; your other devices never get it.',
  },
] as const;

export function SyncAttention() {
  const attention = useLiveQuery(() => readSyncAttention(getDatabase()), []);
  if (!attention) return null;
  const { undecided, failed, notices, quarantined, quarantinedCount, reread } = attention;
  return (
    <>
      {undecided.length > 0 && (
        <section className="stack" aria-labelledby="sync-undecided">
          <h3 id="sync-undecided">Needs your decision</h3>
          <p>
            Sending {undecided.length === 1 ? 'this change' : 'these changes'} could not be
            confirmed: the server did not answer after several tries, so Countersign cannot tell
            whether it arrived. Check on your other device, then choose.
          </p>
          <ul className="sync-settings__list">
            {undecided.map((push) => (
              <UndecidedPush key={push.operationId} push={push} />
            ))}
          </ul>
        </section>
      )}
      {notices.length > 0 && (
        <section className="stack" aria-labelledby="sync-notices">
          <h3 id="sync-notices">Decided on the other device</h3>
          <ul className="sync-settings__list">
            {notices.map((notice) => (
              <li key={notice.id} className="sync-settings__item stack">
                <p>
                  Decided on the other device: <strong>{notice.verdict}</strong>. Your{' '}
                  {notice.localVerdict === 'confirmed' ? 'confirmation' : 'rejection'} of “
                  {notice.summary}”
                  {notice.appliedSummary ? `, edited to “${notice.appliedSummary}”,` : ''} was taken
                  back
                  {notice.reverted
                    ? ' on this device.'
                    : ', but the change stays in your journal because you edited it since. Undo it by hand if needed.'}
                </p>
                <Button
                  size="small"
                  onClick={() => void dismissSyncNotice(getDatabase(), notice.id)}
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {failed.length > 0 && (
        <section className="stack" aria-labelledby="sync-failed">
          <h3 id="sync-failed">Could not be sent</h3>
          <ul className="sync-settings__list">
            {failed.map((push) => (
              <li key={push.operationId} className="sync-settings__item">
                <strong>{push.summary}</strong>: {push.lastError ?? 'the server refused it.'}
              </li>
            ))}
          </ul>
        </section>
      )}
      {(quarantinedCount > 0 || (reread?.reread ?? 0) > 0) && (
        <section className="stack" aria-labelledby="sync-quarantine">
          <h3 id="sync-quarantine">Not applied (quarantined)</h3>
          {quarantinedCount > 0 && (
            <p>
              {countOf(quarantinedCount, 'message')} from the server could not be read or applied.
              They are kept here and read again after each update of Countersign; everything else
              keeps syncing. Another device may run a newer version of Countersign.
            </p>
          )}
          {reread && reread.reread > 0 && (
            <p>
              After the update to this version, {countOf(reread.reread, 'quarantined message')}{' '}
              {reread.reread === 1 ? 'was' : 'were'} read again: {reread.landed} applied
              {reread.landed < reread.reread
                ? `, ${reread.reread - reread.landed} still could not be`
                : ''}
              .
            </p>
          )}
          <ul className="sync-settings__list">
            {quarantined.map((row) => (
              <li key={row.seq} className="sync-settings__item">
                #{row.seq} ({formatTimestamp(row.receivedAt)}): {row.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function UndecidedPush({ push }: { push: PushForPerson }) {
  const [problem, setProblem] = useState<string>();
  const choose = async (choice: (typeof CHOICES)[number]['choice']) => {
    const runtime = await runningSync();
    if (!runtime) {
      setProblem('Sync is not running in this tab: connect first, then choose.');
      return;
    }
    try {
      await runtime.resolve(push.operationId, choice);
    } catch (error) {
      setProblem(withoutCredentials(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <li className="sync-settings__item stack">
      <p>
        <strong>{push.summary}</strong>
        {push.createdAt ? ` (${formatTimestamp(push.createdAt)})` : ''}.{' '}
        {push.lastError && <span className="muted">{push.lastError}</span>}
      </p>
      <div
        className="sync-settings__choices"
        role="group"
        aria-label={`What happened to: ${push.summary}`}
      >
        {CHOICES.map(({ choice, label, means }) => (
          <div key={choice} className="sync-settings__choice">
            <Button size="small" onClick={() => void choose(choice)}>
              {label}
            </Button>
            <span className="muted">{means}</span>
          </div>
        ))}
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
    </li>
  );
}
