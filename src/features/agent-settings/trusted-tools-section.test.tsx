import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readTrustedTools } from '../../db/agent-settings';
import { saveTrustedTools } from '../../dispatcher/agent-choices';
import { getDatabase } from '../../db/connection';
import { setUpReviewDatabase } from '../review/review-test-helpers';
import { TrustedToolsSection } from './trusted-tools-section';

setUpReviewDatabase();

describe('TrustedToolsSection', () => {
  it('asks for every kind of change by default, and says rule-applied items stay in the history', async () => {
    render(<TrustedToolsSection />);

    const section = await screen.findByRole('region', { name: 'Trusted tools' });
    for (const name of [
      'Title',
      'Estimate',
      'Due date',
      'Priority',
      'Status',
      'Labels',
      'Checklist items (add)',
      'Checklist items (update)',
    ]) {
      const group = await within(section).findByRole('group', { name });
      expect(within(group).getByRole('radio', { name: 'Ask me' })).toBeChecked();
      expect(within(group).getByRole('radio', { name: 'Apply without asking' })).not.toBeChecked();
    }
    expect(section).toHaveTextContent(/review history, marked “rule”/);
  });

  it('saves a trusted tool by its model name, and asking again removes it', async () => {
    await saveTrustedTools(getDatabase(), ['set_task_title']);
    render(<TrustedToolsSection />);

    const title = await screen.findByRole('group', { name: 'Title' });
    await waitFor(() =>
      expect(within(title).getByRole('radio', { name: 'Apply without asking' })).toBeChecked(),
    );
    const estimate = screen.getByRole('group', { name: 'Estimate' });
    await userEvent.click(within(estimate).getByRole('radio', { name: 'Apply without asking' }));
    await waitFor(async () =>
      expect(await readTrustedTools(getDatabase())).toEqual([
        'set_task_title',
        'update_task_estimate',
      ]),
    );
    await waitFor(() =>
      expect(within(estimate).getByRole('radio', { name: 'Apply without asking' })).toBeChecked(),
    );

    await userEvent.click(within(title).getByRole('radio', { name: 'Ask me' }));
    await waitFor(async () =>
      expect(await readTrustedTools(getDatabase())).toEqual(['update_task_estimate']),
    );
  });
});
