import { z } from 'zod';
import { actorOf } from '../../domain/actor';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '../../domain/languages';
import { defineImmediateTool } from '../tool-definition';
import { contextTaskId, requireTask } from './task-target';

export const setTaskLanguage = defineImmediateTool({
  name: 'set_task_language',
  example: { languageCode: 'de' },
  aliases: ['update_task_language', 'set_language'],
  review: { kind: 'Language' },
  description:
    'Record the language the task is written in, as an ISO 639-1 code such as "en" or "de". ' +
    'Never overwrite a language the user set. Example: {"languageCode": "de"}.',
  argsSchema: z.object({
    languageCode: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z
        .string({ error: 'Expected an ISO 639-1 code as a string, for example "de".' })
        .refine(isSupportedLanguage, {
          error: `Expected a supported ISO 639-1 code: ${Object.keys(SUPPORTED_LANGUAGES).join(', ')}.`,
        }),
    ),
  }),
  summarize: ({ languageCode }) => `Set language to "${languageCode}"`,
  targetTaskId: contextTaskId,
  async preview({ languageCode }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    return { before: task.languageCode ?? 'none', after: languageCode };
  },
  async handle({ languageCode }, journal, context) {
    const task = await requireTask(journal, context.taskId);
    const actor = actorOf(context.source);
    if (actor === 'agent' && task.languageSource === 'user' && task.languageCode !== languageCode) {
      return {
        output: `The user set the language to "${task.languageCode}"; it was not changed. Do not set the language of this task again.`,
        noop: true,
      };
    }
    if (
      task.languageCode === languageCode &&
      (task.languageSource === actor || actor === 'agent')
    ) {
      return { output: `The language is already "${languageCode}"; nothing changed.`, noop: true };
    }
    await journal.update('tasks', task.id, { languageCode, languageSource: actor });
    return { output: `Language set to "${languageCode}".` };
  },
});
