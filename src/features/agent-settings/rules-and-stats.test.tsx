import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDatabase } from '../../db/connection';
import { confirmItem } from '../../confirmation/confirm-item';
import { rejectItem } from '../../confirmation/reject-item';
import {
  allowedCategory,
  createTask,
  estimateProposal,
  seedChangeSet,
  setUpReviewDatabase,
  userWrite,
} from '../review/review-test-helpers';
import { AgentStatsSection } from './agent-stats-section';
import { RulesSection } from './rules-section';

setUpReviewDatabase();

describe('Settings → Agent: rules', () => {
  it('lists each rule with what made it and how often it fired, and deletes it', async () => {
    const categoryId = await allowedCategory('Work');
    const created = await userWrite('create_suppression_rule', {
      toolName: 'update_task_estimate',
      categoryId,
      origin: 'You rejected estimate 3 times on tasks in Work.',
    });
    await getDatabase().tallies.put({ key: `ruleFired:${created.data!.ruleId}`, value: 2 });
    render(<RulesSection />);
    const section = await screen.findByRole('region', { name: 'Rules' });
    const rule = await within(section).findByRole('listitem');
    expect(rule).toHaveTextContent('Stop proposing estimate for Work');
    expect(rule).toHaveTextContent(
      'You rejected estimate 3 times on tasks in Work. · fired 2 times',
    );
    await userEvent.click(
      within(rule).getByRole('button', { name: 'Delete rule: Stop proposing estimate for Work' }),
    );
    await waitFor(() => expect(within(section).getByText('No rules yet.')).toBeInTheDocument());
    expect((await getDatabase().rules.toArray())[0]?.deletedAt).toBeDefined();
  });
});

describe('Settings → Agent: how it went', () => {
  it('shows per kind how decisions went and the median time, and the recent wakes', async () => {
    const taskId = await createTask('Plan the launch');
    const set = await seedChangeSet(
      taskId,
      [estimateProposal(60), estimateProposal(70), estimateProposal(80)],
      { now: new Date(Date.now() - 60_000).toISOString(), agentId: 'default-agent' },
    );
    const db = getDatabase();
    await confirmItem(db, set.id, 0, { applyAnyway: true });
    await confirmItem(db, set.id, 1, { applyAnyway: true, edited: { minutes: 75 } });
    await rejectItem(db, set.id, 2);
    const now = new Date().toISOString();
    await db.wakes.add({
      id: 'wake-1',
      agentId: 'default-agent',
      taskId,
      runKey: 'wake:1',
      status: 'done',
      startedAt: new Date(Date.now() - 12_000).toISOString(),
      endedAt: now,
      turns: 2,
      calls: 3,
      proposed: 3,
      provider: 'Ollama',
      model: 'llama3.2',
      createdAt: now,
      updatedAt: now,
      rev: 1,
      vectorClock: {},
    });
    render(<AgentStatsSection />);
    const estimate = await screen.findByRole('row', { name: /^Estimate/ });
    const cells = within(estimate)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // Confirmed, with changes, rejected, by rule, expired, median (a minute, to its bucket).
    expect(cells.slice(0, 5)).toEqual(['1', '1', '1', '0', '0']);
    expect(cells[5]).toMatch(/^about (4\d|5\d|1 min.*) ?s?$/);
    const wake = await screen.findByRole('row', { name: /Plan the launch|^\d/ });
    expect(wake).toHaveTextContent('Ollama · llama3.2');
    expect(wake).toHaveTextContent('12 s');
    expect(wake).toHaveTextContent('Done');
  });
});
