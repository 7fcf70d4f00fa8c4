import { describe, expect, it } from 'vitest';
import { withoutCredentials } from './without-credentials';

describe('withoutCredentials', () => {
  it.each([
    ['http://alice:s3cret@localhost:11434/v1', 'http://localhost:11434/v1'],
    ['https://token@proxy.example/v1', 'https://proxy.example/v1'],
    [
      'Could not reach the server at http://a:b@10.0.0.2/v1 (see http://c:d@x.example).',
      'Could not reach the server at http://10.0.0.2/v1 (see http://x.example).',
    ],
    ['http://localhost:11434/v1', 'http://localhost:11434/v1'],
    ['mail me at alice@example.com', 'mail me at alice@example.com'],
  ])('%s', (text, shown) => {
    expect(withoutCredentials(text)).toBe(shown);
  });
});
