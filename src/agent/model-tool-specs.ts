/** The tools as the model sees them: name, description and a JSON schema of the arguments. */
import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { z } from 'zod';
import type { JSONSchema7 } from '@ai-sdk/provider';
import { modelTools } from '../tools/registry';

let cached: LanguageModelV4FunctionTool[] | undefined;

export function modelToolSpecs(): LanguageModelV4FunctionTool[] {
  cached ??= modelTools().map((tool) => {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(tool.argsSchema, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    return {
      type: 'function',
      name: tool.name,
      description: tool.description ?? tool.name,
      inputSchema: schema as JSONSchema7,
    };
  });
  return cached;
}
