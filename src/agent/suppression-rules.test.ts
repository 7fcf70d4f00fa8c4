import { describe, expect, it } from 'vitest';
import { listRules } from '../db/rules';
import { userWrite } from '../../test/support/test-database';
import { itemsOfTask } from '../../test/support/proposals';
import { scriptedWake } from '../../test/support/scripted-wake';
import { agentReadySuite } from '../../test/support/agent-ready-suite';
const suite = agentReadySuite();

const labelCall = (labelId: string) => ({
  name: 'assign_task_labels',
  args: { labels: [{ id: labelId }] },
});

describe('suppression rules in a wake', () => {
  it('stops the proposal, teaches the model why, and audits and counts the suppression', async () => {
    await userWrite(suite.db, 'create_suppression_rule', {
      toolName: 'assign_task_label',
      categoryId: suite.ids.categoryId,
      labelId: suite.ids.labelId,
      origin: 'You rejected the label "Urgent" 3 times on tasks in Work.',
    });
    const later = (await userWrite(suite.db, 'save_label', { name: 'Later', color: '#333333' }))
      .data!.labelId as string;
    const runKey = await scriptedWake(suite.db, suite.ids.taskId, [
      { toolCalls: [labelCall(suite.ids.labelId), labelCall(later)] },
      { toolCalls: [{ name: 'update_report', args: { oneLiner: 'x', tldr: 'y', content: 'z' } }] },
    ]);
    // The rule is for one label: the other is proposed.
    const items = await itemsOfTask(suite.db, suite.ids.taskId);
    expect(items.map((item) => item.args.id)).toEqual([later]);
    const trail = await suite.db.auditMessages.where('runKey').equals(runKey).toArray();
    const denied = trail.filter((message) => message.kind === 'policyDenied');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      outcome: 'denied',
      toolName: 'assign_task_label',
      taskId: suite.ids.taskId,
      summary: expect.stringMatching(/^Not proposed, stopped by your rule/),
    });
    // The model was told, in words it can act on.
    const answers = trail.filter(
      (message) => message.kind === 'toolResult' && JSON.stringify(message).includes('turned off'),
    );
    expect(answers.length).toBeGreaterThan(0);
    const [listed] = await listRules(suite.db);
    expect(listed).toMatchObject({ fired: 1, rule: { labelId: suite.ids.labelId } });
  });

  it('lets proposals through again once the rule is deleted', async () => {
    const created = await userWrite(suite.db, 'create_suppression_rule', {
      toolName: 'update_task_estimate',
      categoryId: suite.ids.categoryId,
      origin: 'by hand',
    });
    await userWrite(suite.db, 'delete_rule', { id: created.data!.ruleId });
    await scriptedWake(suite.db, suite.ids.taskId, [
      { toolCalls: [{ name: 'update_task_estimate', args: { minutes: 45 } }] },
      { toolCalls: [{ name: 'update_report', args: { oneLiner: 'x', tldr: 'y', content: 'z' } }] },
    ]);
    expect((await itemsOfTask(suite.db, suite.ids.taskId)).map((item) => item.toolName)).toEqual([
      'update_task_estimate',
    ]);
    expect(await listRules(suite.db)).toEqual([]);
  });
});
