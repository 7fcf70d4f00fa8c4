import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { expireChangeSets } from '../../../confirmation/expire-change-sets';
import { getDatabase } from '../../../db/connection';
import { ReviewNavBadge, usePendingReviewCounts } from './pending-count';
import {
  checklistProposal,
  createTask,
  estimateProposal,
  markItem,
  seedChangeSet,
  setUpReviewDatabase,
} from '../review-test-helpers';

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
    // Mounted after the badge, with the badge's read: once it says what it counted, the
    // badge has its count too.
    function Counted() {
      const counts = usePendingReviewCounts();
      return counts ? <p>Counted {counts.items}</p> : null;
    }
    render(
      <>
        <div data-testid="badge">
          <ReviewNavBadge />
        </div>
        <Counted />
      </>,
    );
    expect(await screen.findByText('Counted 0')).toBeInTheDocument();
    expect(screen.getByTestId('badge')).toBeEmptyDOMElement();
  });
});
