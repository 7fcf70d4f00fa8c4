/**
 * How the agent reaches a model, as the person set it in Settings. Kept in the
 * `settings` table of this device only: never exported, never synced.
 */
import { z } from 'zod';

export const PROVIDER_KINDS = ['openai-compatible', 'openai', 'anthropic', 'demo'] as const;
export const providerKindSchema = z.enum(PROVIDER_KINDS);
export type ProviderKind = z.infer<typeof providerKindSchema>;

export const PROVIDER_LABELS: Record<ProviderKind, string> = {
  'openai-compatible': 'OpenAI-compatible server (Ollama, LM Studio, llama.cpp, vLLM, OpenRouter)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  demo: 'Demo agent (scripted, no AI)',
};

export const providerSettingsSchema = z.object({
  kind: providerKindSchema,
  /** Required for openai-compatible (e.g. http://localhost:11434/v1); optional override for the others. */
  baseURL: z.string().trim().optional(),
  model: z.string().trim(),
  apiKey: z.string().optional(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;
