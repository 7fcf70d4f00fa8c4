/**
 * Errors a tool raises for the person or the model to read. Messages say what was
 * wrong, what is expected, and give an example, because a model retries from them.
 */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}
