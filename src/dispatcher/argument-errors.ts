/** Turns a zod failure into a message that teaches the model (or person) the contract. */
import type { ZodError } from 'zod';
import type { ToolDefinition } from '../tools/tool-definition';

export function formatArgumentError(tool: ToolDefinition<unknown>, error: ZodError): string {
  // Each problem without its own closing period: the list ends with one of its own.
  const problems = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? `"${issue.path.join('.')}": ` : '';
    return `${where}${issue.message}`.replace(/\.+$/, '');
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : '';
  const example = tool.example ? ` Expected arguments like ${JSON.stringify(tool.example)}.` : '';
  return `Invalid arguments for ${tool.name}: ${problems.join('; ')}${more}.${example}`;
}
