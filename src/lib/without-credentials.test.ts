import { describe, expect, it } from 'vitest';
import { withoutCredentials } from './without-credentials';

describe('withoutCredentials', () => {
  it.each([
    ['nats://user:pass@sync.example.org:4222', 'nats://sync.example.org:4222'],
    ['wss://u:p@host', 'wss://host'],
    ['wss://token@host/ws', 'wss://host/ws'],
    ['WSS://Ann:s3cret@Host.example/path?x=1', 'WSS://Host.example/path?x=1'],
    ['wss://ann:p@ss@host.example', 'wss://host.example'],
    ['ws://:only-password@127.0.0.1:9222', 'ws://127.0.0.1:9222'],
    ['wss://ann%40home:p%3Ass@host', 'wss://host'],
  ])('%s is shown as %s', (address, shown) => {
    expect(withoutCredentials(address)).toBe(shown);
  });

  it('strips every address in a sentence and leaves the rest as it was', () => {
    expect(
      withoutCredentials(
        'Connecting to wss://u:p@a.example… then "nats://x:y@b.example:4222" failed (mail ann@example.org).',
      ),
    ).toBe(
      'Connecting to wss://a.example… then "nats://b.example:4222" failed (mail ann@example.org).',
    );
  });

  it('leaves an address without credentials alone, "@" after the host included', () => {
    for (const address of [
      'wss://sync.example.org',
      'ws://127.0.0.1:9222',
      'https://example.com/@ann',
      'wss://host/path?email=a@b.example',
      'wss://host#@x',
    ])
      expect(withoutCredentials(address)).toBe(address);
  });
});
