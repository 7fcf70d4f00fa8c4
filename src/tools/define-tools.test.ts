/**
 * A tool's route decides the parts it must have: a part missing for its route is a type
 * error (each `@ts-expect-error` below fails typecheck when the definer stops refusing).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineDeferredTool, defineImmediateTool, defineInternalTool } from './tool-definition';

const argsSchema = z.object({ minutes: z.number() });
const core = {
  name: 'example_tool',
  argsSchema,
  summarize: () => 'Example',
  targetTaskId: async () => undefined,
  handle: async () => ({ output: 'Done.' }),
};
const model = { ...core, description: 'An example tool. Example: {"minutes":5}', example: {} };
const preview = async () => ({ before: '', after: '5 minutes' });

describe('the definers per route', () => {
  it('give each tool its audience and route', () => {
    const deferred = defineDeferredTool({ ...model, review: { kind: 'Estimate' }, preview });
    const immediate = defineImmediateTool({ ...model, review: { kind: 'Language' }, preview });
    const internal = defineInternalTool(core);
    expect([deferred.audience, deferred.route]).toEqual(['model', 'deferred']);
    expect([immediate.audience, immediate.route]).toEqual(['model', 'immediate']);
    expect([internal.audience, internal.route]).toEqual(['internal', undefined]);
  });

  it('refuse, at compile time, a tool without a part its route needs', () => {
    const refused = [
      // @ts-expect-error a deferred tool without a review kind
      () => defineDeferredTool({ ...model, preview }),
      // @ts-expect-error a deferred tool without a preview of its own or a batch's singular
      () => defineDeferredTool({ ...model, review: { kind: 'Estimate' } }),
      // @ts-expect-error a model tool without a description
      () => defineDeferredTool({ ...core, example: {}, review: { kind: 'Estimate' }, preview }),
      // @ts-expect-error an immediate tool is applied at once already: never a trusted tool
      () => defineImmediateTool({ ...model, review: { kind: 'L', trustedAs: 'L' }, preview }),
      // @ts-expect-error an internal tool takes no route
      () => defineInternalTool({ ...core, route: 'deferred' }),
    ];
    expect(refused).toHaveLength(5);
  });
});
