import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { getDatabase } from '../../db/connection';
import type { SyncNoticeRow } from '../../db/sync-rows';
import { SyncAttention } from './sync-attention';

beforeEach(async () => {
  const db = getDatabase();
  await db.delete();
  await db.open();
});
afterEach(() => cleanup());

const notice = (fields: Partial<SyncNoticeRow>): SyncNoticeRow => ({
  id: crypto.randomUUID(),
  kind: 'decided-elsewhere',
  changeSetId: 'set',
  itemIndex: 0,
  taskId: 'task',
  verdict: 'rejected',
  localVerdict: 'confirmed',
  summary: 'Set estimate to 90 minutes',
  deviceId: 'laptop',
  reverted: true,
  createdAt: new Date().toISOString(),
  ...fields,
});

/** A paragraph whose whole text is `text` (its parts may be separate nodes). */
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

describe('SyncAttention', () => {
  it('names what was applied when a decision edited before confirming lost the race', async () => {
    await getDatabase().syncNotices.bulkAdd([
      notice({ appliedSummary: 'Set estimate to 45 minutes' }),
      notice({ summary: 'Add: "Rehearse"', changeSetId: 'other', reverted: false }),
    ]);
    render(<SyncAttention />);
    expect(
      await screen.findByText(
        paragraph(
          'Decided on the other device: rejected. Your confirmation of “Set estimate to 90 minutes”, edited to “Set estimate to 45 minutes”, was taken back on this device.',
        ),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        paragraph(
          'Decided on the other device: rejected. Your confirmation of “Add: "Rehearse"” was taken back, but the change stays in your journal because you edited it since. Undo it by hand if needed.',
        ),
      ),
    ).toBeInTheDocument();
  });

  it('shows a server address in an error or a quarantine reason without its credentials', async () => {
    const db = getDatabase();
    await db.syncPushes.add({
      operationId: 'op-1',
      sequence: 1,
      state: 'failed',
      attempts: 1,
      lastError: 'The server at nats://ann:hunter2@sync.example.org:4222 refused it.',
      updatedAt: 0,
      outboxId: 'missing',
      kind: 'journal',
    });
    await db.syncQuarantine.add({
      seq: 7,
      subject: 'cs.ann.ops.x',
      reason: 'Sent through wss://ann:hunter2@sync.example.org, not readable.',
      bytes: 10,
      excerpt: '{}',
      receivedAt: new Date().toISOString(),
    });
    const { container } = render(<SyncAttention />);
    expect(
      await screen.findByText(/The server at nats:\/\/sync\.example\.org:4222 refused it\./),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Sent through wss:\/\/sync\.example\.org, not readable\./),
    ).toBeInTheDocument();
    expect(container.textContent).not.toContain('hunter2');
  });
});

describe('SyncAttention after an update', () => {
  it('says how many quarantined messages were read again and applied', async () => {
    const db = getDatabase();
    await db.syncState.put({
      key: 'quarantineReread',
      value: { appVersion: '1.1', reread: 3, landed: 2 },
    });
    await db.syncQuarantine.put({
      seq: 7,
      subject: 'cs.ann.ops.x',
      reason: 'Not applied: "rev" is too large.',
      bytes: 10,
      excerpt: '{}',
      receivedAt: '2026-11-27T08:00:00.000Z',
      appVersion: '1.1',
    });
    render(<SyncAttention />);
    expect(
      await screen.findByText(
        paragraph(
          'After the update to this version, 3 quarantined messages were read again: 2 applied, 1 still could not be.',
        ),
      ),
    ).toBeInTheDocument();
  });
});
