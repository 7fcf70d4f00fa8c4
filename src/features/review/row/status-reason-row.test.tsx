import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { proposalFingerprint } from '../../../domain/fingerprint';
import { ProposedChangesCard } from '../card/proposed-changes-card';
import { createTask, seedChangeSet, setUpReviewDatabase } from '../review-test-helpers';

setUpReviewDatabase();

describe('a status change’s row', () => {
  it('shows the reason that will be stored with the status', async () => {
    const taskId = await createTask('File the tax return');
    const args = { status: 'BLOCKED', reason: 'Waiting for the pension statement' };
    await seedChangeSet(taskId, [
      {
        toolName: 'set_task_status',
        args,
        humanSummary: 'Set status to BLOCKED (Waiting for the pension statement)',
        fingerprint: proposalFingerprint('set_task_status', args),
        baseRev: 1,
        groupId: 'group-1',
        base: { status: 'OPEN', statusReason: null },
        rationale: 'Nothing can be filed before the statement arrives.',
      },
    ]);
    render(<ProposedChangesCard taskId={taskId} />);
    const row = await screen.findByRole('article', { name: /Set status to BLOCKED/ });
    expect(await screen.findByText(/Reason: Waiting for the pension statement/)).toBeVisible();
    expect(row).toHaveTextContent(/OPEN.*BLOCKED.*· Reason: Waiting for the pension statement/);
    // The reason for the status, and apart from it, why the agent proposes it.
    expect(row).toHaveTextContent('Nothing can be filed before the statement arrives.');
  });
});
