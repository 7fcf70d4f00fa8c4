/**
 * Settings that cannot work, found before any request is made. The message is written
 * for the person filling in Settings; `field` says which input to point them at.
 */
export type ProviderConfigField = 'kind' | 'baseURL' | 'model' | 'apiKey';

export class ProviderConfigError extends Error {
  override readonly name = 'ProviderConfigError';
  readonly field: ProviderConfigField;

  constructor(field: ProviderConfigField, message: string) {
    super(message);
    this.field = field;
  }

  static isInstance(error: unknown): error is ProviderConfigError {
    return error instanceof Error && error.name === 'ProviderConfigError' && 'field' in error;
  }
}
