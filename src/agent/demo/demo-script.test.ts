import { describe, expect, it } from 'vitest';
import { RATIONALE_MAX_LENGTH } from '../../domain/change-set';
import { findTool } from '../../tools/registry';
import { DEMO_RATIONALES } from './demo-rationales';
import { demoScript } from './demo-script';

const TODAY = new Date('2026-05-04T09:00:00Z');

describe('demoScript', () => {
  it('gives a one-line reason with every change it proposes, as a good model does', () => {
    const tasks = Object.keys(DEMO_RATIONALES);
    expect(tasks.length).toBeGreaterThanOrEqual(8);
    for (const taskId of tasks) {
      const proposed = demoScript(taskId, TODAY)
        .flatMap((turn) => turn.calls)
        .filter((call) => findTool(call.name)?.route === 'deferred');
      expect(proposed.length, taskId).toBeGreaterThan(0);
      for (const call of proposed) {
        const rationale = call.args.rationale;
        expect(typeof rationale, `${taskId} ${call.name}`).toBe('string');
        expect((rationale as string).length).toBeLessThanOrEqual(RATIONALE_MAX_LENGTH);
        expect(rationale).not.toContain('\n');
        // The tool takes it: the arguments parse with its schema, the reason kept.
        const parsed = findTool(call.name)!.argsSchema.parse(call.args) as { rationale?: string };
        expect(parsed.rationale).toBe(rationale);
      }
    }
  });

  it('has no reason for a call it does not make', () => {
    for (const [taskId, reasons] of Object.entries(DEMO_RATIONALES)) {
      const names = new Set(
        demoScript(taskId, TODAY).flatMap((turn) => turn.calls.map((c) => c.name)),
      );
      for (const name of Object.keys(reasons))
        expect(names.has(name), `${taskId} ${name}`).toBe(true);
    }
  });
});
