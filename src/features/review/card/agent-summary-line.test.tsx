import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgentSummaryLine } from './agent-summary-line';

/** jsdom lays nothing out: the paragraph's heights are what a narrow screen would give. */
function layOut(scrollHeight: number, clientHeight = 46) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('AgentSummaryLine', () => {
  it('offers More when two lines do not hold the summary, and opens the whole of it', async () => {
    layOut(92);
    const { container } = render(<AgentSummaryLine text="A summary longer than two lines." />);
    const more = screen.getByRole('button', { name: 'More of the agent’s summary' });
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(more);
    const less = screen.getByRole('button', { name: 'Less of the agent’s summary' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(container.querySelector('.review-card__why--open')).not.toBeNull();

    await userEvent.click(less);
    expect(container.querySelector('.review-card__why--open')).toBeNull();
  });

  it('offers nothing when the summary fits, or before it arrives (the two lines are kept)', () => {
    layOut(46);
    const { container, rerender } = render(<AgentSummaryLine text="Short." />);
    expect(screen.queryByRole('button')).toBeNull();
    layOut(92);
    rerender(<AgentSummaryLine text={undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('.review-card__why')).toBeEmptyDOMElement();
  });
});
