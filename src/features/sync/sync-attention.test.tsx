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

describe('SyncAttention', () => {
  it('names what was applied when a decision edited before confirming lost the race', async () => {
    await getDatabase().syncNotices.bulkAdd([
      notice({ appliedSummary: 'Set estimate to 45 minutes' }),
      notice({ summary: 'Add: "Rehearse"', changeSetId: 'other', reverted: false }),
    ]);
    render(<SyncAttention />);
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Decided on the other device: rejected. Your confirmation of “Set estimate to 90 minutes”, edited to “Set estimate to 45 minutes”, was taken back on this device.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Decided on the other device: rejected. Your confirmation of “Add: "Rehearse"” was taken back, but the change stays in your journal because you edited it since. Undo it by hand if needed.',
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
