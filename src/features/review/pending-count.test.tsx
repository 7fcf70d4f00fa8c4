import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { expireChangeSets } from '../../confirmation/expire-change-sets';
import { getDatabase } from '../../db/connection';
import { ReviewNavBadge } from './pending-count';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  markItem,
  seedChangeSet,
  setUpReviewDatabase,
} from './review-test-helpers';

setUpReviewDatabase();

describe('ReviewNavBadge', () => {
  it('shows how many items wait, and follows decisions live', async () => {
    const launch = await createTask('Plan the launch');
    const errands = await createTask('Errands');
    const set = await seedChangeSet(launch, [estimateProposal(60), checklistProposal('A')]);
    await seedChangeSet(errands, [checklistProposal('Buy milk')]);
    await seedChangeSet(errands, [checklistProposal('Expired')], {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    // An expired item waits until the expiry sweep records it (the app runs it every minute).
    await expireChangeSets(getDatabase());
    render(<ReviewNavBadge />);

    expect(await screen.findByRole('img', { name: '3 pending' })).toHaveTextContent('3');

    await markItem(set.id, 0, 'confirmed');
    expect(await screen.findByRole('img', { name: '2 pending' })).toHaveTextContent('2');
  });

  it('renders nothing when nothing waits', async () => {
    const { container } = render(<ReviewNavBadge />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.queryByRole('img')).not.toBeInTheDocument());
  });
});
