import { z } from 'zod';
import { refuseHiddenCharactersIn } from '../../domain/display-text';
import { REPORT_LIMITS } from '../../domain/limits';
import { defineNotedTool } from './define-noted-tool';

/** The agent's report on the task, kept by the wake and saved when it ends (the latest wins). */
export const updateReport = defineNotedTool({
  name: 'update_report',
  description:
    'Write your report on the task for the user: "oneLiner" (one sentence, at most 140 characters), ' +
    '"tldr" (two or three sentences) and "content" (markdown: what you read, what you proposed and why, ' +
    'open questions). Call it once, at the end. Example: {"oneLiner": "Blocked on the pension statement; due in 9 days", ' +
    '"tldr": "...", "content": "## Status\\n..."}.',
  argsSchema: z.object({
    // Shown beside the Confirm buttons: no direction overrides or control characters.
    oneLiner: refuseHiddenCharactersIn(
      z
        .string()
        .trim()
        .min(1, '"oneLiner" cannot be empty.')
        .max(REPORT_LIMITS.oneLiner, `"oneLiner" is at most ${REPORT_LIMITS.oneLiner} characters.`),
      'oneLiner',
      'one line',
    ),
    tldr: refuseHiddenCharactersIn(
      z
        .string()
        .trim()
        .max(REPORT_LIMITS.tldr, `"tldr" is at most ${REPORT_LIMITS.tldr} characters.`),
      'tldr',
      'lines',
    ),
    content: refuseHiddenCharactersIn(
      z
        .string()
        .max(REPORT_LIMITS.content, `"content" is at most ${REPORT_LIMITS.content} characters.`),
      'content',
      'lines',
    ),
  }),
  example: {
    oneLiner: 'Ready to start; estimate proposed',
    tldr: 'The checklist covers the work.',
    content: '## Next steps\n- Book the venue',
  },
  summarize: ({ oneLiner }) => `Report: ${oneLiner}`,
  note(report, notes) {
    notes.report = report;
    return 'Report saved.';
  },
});
