// Types for provider-fixtures.mjs.

export interface FixtureAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface ProviderFixture {
  provider: 'openai-compatible' | 'anthropic';
  streamed: FixtureAnswer;
  whole?: FixtureAnswer;
}

export type ProviderFixtureName =
  | 'whole-call-one-chunk'
  | 'calls-without-index'
  | 'ids-empty-or-repeated'
  | 'same-call-chunk-twice'
  | 'arguments-in-finish-chunk'
  | 'continuation-empty-name'
  | 'reasoning-deltas'
  | 'tool-markup-in-text'
  | 'json-body-for-stream'
  | 'anthropic-padded-data'
  | 'deepseek-missing-reasoning'
  | 'llamacpp-needs-jinja'
  | 'llamacpp-cannot-stream';

export const PROVIDER_FIXTURES: Record<ProviderFixtureName, ProviderFixture>;

export function fixtureAnswer(name: ProviderFixtureName, streamed: boolean): FixtureAnswer;
