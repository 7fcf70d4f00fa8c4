import { z } from 'zod';
import { refuseHiddenCharactersIn } from '../../domain/display-text';
import { OBSERVATION_LIMITS } from '../../domain/limits';
import { countOf } from '../../lib/count-of';
import { defineNotedTool } from './define-noted-tool';

/** Things the agent wants to remember about the task: kept by the wake, saved when it ends. */
export const recordObservations = defineNotedTool({
  name: 'record_observations',
  description:
    'Note things worth remembering about this task for later wakes or for the user (risks, patterns, ' +
    'questions), not changes to the task. "observations" is an array of {"text", "priority": "low"|"normal"|"high", ' +
    '"category"}. Example: {"observations": [{"text": "Depends on the pension fund letter", "priority": "high", "category": "dependency"}]}.',
  argsSchema: z.object({
    observations: z
      .array(
        z.object({
          text: refuseHiddenCharactersIn(
            z
              .string()
              .trim()
              .min(1, 'An observation needs "text".')
              .max(
                OBSERVATION_LIMITS.text,
                `An observation is at most ${OBSERVATION_LIMITS.text} characters.`,
              ),
            'text',
            'lines',
          ),
          priority: z.preprocess(
            (value) => (typeof value === 'string' ? value.toLowerCase() : value),
            z.enum(['low', 'normal', 'high']).default('normal'),
          ),
          category: z.string().trim().max(OBSERVATION_LIMITS.category).default('general'),
        }),
        {
          error:
            'Expected "observations" to be an array of objects, for example {"observations": [{"text": "..."}]}.',
        },
      )
      .min(1, 'Give at least one observation.')
      .max(10, 'At most 10 observations per call.'),
  }),
  example: {
    observations: [
      { text: 'Depends on the pension fund letter', priority: 'high', category: 'dependency' },
    ],
  },
  summarize: ({ observations }) => `Record ${countOf(observations.length, 'observation')}`,
  note({ observations }, notes) {
    notes.observations.push(...observations);
    return `Recorded ${countOf(observations.length, 'observation')}.`;
  },
});
