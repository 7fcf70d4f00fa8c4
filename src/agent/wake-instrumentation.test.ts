import { describe, expect, it } from 'vitest';
import { readDecisionStats } from '../db/decision-stats';
import { confirmItem } from '../confirmation/confirm-item';
import { expireChangeSets } from '../confirmation/expire-change-sets';
import { itemsOfTask } from '../../test/support/proposals';
import { scriptedWake } from '../../test/support/scripted-wake';
import { agentReadySuite } from '../../test/support/agent-ready-suite';

const suite = agentReadySuite();

describe('instrumentation', () => {
  it('records per wake the provider, model, turns, calls, items proposed and outcome', async () => {
    const runKey = await scriptedWake(suite.db, suite.ids.taskId, [
      {
        toolCalls: [
          { name: 'update_task_estimate', args: { minutes: 45 } },
          { name: 'update_task_priority', args: { priority: 'P1' } },
        ],
      },
      { toolCalls: [{ name: 'update_report', args: { oneLiner: 'x', tldr: 'y', content: 'z' } }] },
    ]);
    const wake = (await suite.db.wakes.where('runKey').equals(runKey).first())!;
    expect(wake).toMatchObject({
      status: 'done',
      provider: 'Test provider',
      turns: 2,
      calls: 3,
      proposed: 2,
    });
    expect(wake.model).toBeTruthy();
    expect(Date.parse(wake.endedAt!)).toBeGreaterThanOrEqual(Date.parse(wake.startedAt));
  });

  it('records per decision the time from proposal to decision, and counts expiries', async () => {
    await scriptedWake(suite.db, suite.ids.taskId, [
      {
        toolCalls: [
          { name: 'update_task_estimate', args: { minutes: 45 } },
          { name: 'update_task_priority', args: { priority: 'P1' } },
        ],
      },
    ]);
    const [estimate, priority] = await itemsOfTask(suite.db, suite.ids.taskId);
    const later = new Date(Date.parse(estimate!.proposedAt) + 90_000);
    const result = await confirmItem(suite.db, estimate!.changeSetId, estimate!.itemIndex, {
      now: () => later,
    });
    const decision = (await suite.db.decisions.get(result.decisionId!))!;
    expect(Date.parse(decision.decidedAt) - Date.parse(decision.proposedAt!)).toBe(90_000);
    await expireChangeSets(suite.db, new Date(Date.parse(priority!.expiresAt!) + 1));
    const stats = await readDecisionStats(suite.db);
    expect(stats.find((row) => row.toolName === 'update_task_estimate')).toMatchObject({
      counts: { confirmed: 1, edited: 0, rejected: 0, rule: 0, expired: 0 },
      medianMs: Math.round(2 ** 6.5 * 1_000),
    });
    expect(stats.find((row) => row.toolName === 'update_task_priority')?.counts.expired).toBe(1);
  });
});
