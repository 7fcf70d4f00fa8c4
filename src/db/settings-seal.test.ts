// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTask, createTestDatabase } from '../../test/support/test-database';
import { readProviderSettings, saveProviderSettings, sealStoredApiKey } from './agent-settings';
import type { CountersignDatabase } from './database';
import { exportJournal } from './export-journal';
import { getDeviceKeyDatabase } from './device-key-store';
import { SETTING_KEYS } from './setting-keys';
import { readSyncConfig, sealStoredSyncConfig, writeSyncConfig } from './sync-connection';

const API_KEY = 'sk-live-4f9a1c7e2b';
const PASSWORD = 'correct-horse-battery';
const ADDRESS = 'wss://alice:url-secret-77@sync.example.org';
const SECRETS = [API_KEY, PASSWORD, 'url-secret-77'];

const PROVIDER = {
  kind: 'openai',
  model: 'gpt-4.1-mini',
  apiKey: API_KEY,
} as const;
const SYNC = {
  url: ADDRESS,
  user: 'alice',
  secret: { kind: 'password', password: PASSWORD },
  enabled: true,
} as const;

/** Every string in what IndexedDB holds, bytes read as text too (a sealed body is bytes). */
function textsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) {
    return [new TextDecoder().decode(value), Buffer.from(value as Uint8Array).toString('latin1')];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...textsIn(inner)]);
  }
  return [];
}

async function secretsInRawRows(db: CountersignDatabase): Promise<string[]> {
  const rows = [
    ...(await db.settings.toArray()),
    ...(await getDeviceKeyDatabase().sealKeys.toArray()),
  ];
  const texts = textsIn(rows);
  return SECRETS.filter((secret) => texts.some((text) => text.includes(secret)));
}

let db: CountersignDatabase;
beforeEach(() => {
  db = createTestDatabase();
});
afterEach(async () => {
  await db.delete();
  await getDeviceKeyDatabase().sealKeys.clear();
});

describe('secrets in the settings', () => {
  it('are stored sealed: the raw rows hold no API key, password or credentials in the address', async () => {
    await saveProviderSettings(db, PROVIDER);
    await writeSyncConfig(db, SYNC);

    expect(await secretsInRawRows(db)).toEqual([]);
    expect(await readProviderSettings(db)).toEqual(PROVIDER);
    expect(await readSyncConfig(db)).toEqual(SYNC);
    const [sealKey] = await getDeviceKeyDatabase().sealKeys.toArray();
    expect(sealKey?.key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', sealKey!.key)).rejects.toThrow();
  });

  it('kept in clear text by an older version still work, and are sealed once the app opens', async () => {
    await db.settings.bulkPut([
      { key: SETTING_KEYS.provider, value: PROVIDER },
      { key: 'syncConfig', value: SYNC },
    ]);
    expect(await readProviderSettings(db)).toEqual(PROVIDER);
    expect(await readSyncConfig(db)).toEqual(SYNC);

    await Promise.all([sealStoredApiKey(db), sealStoredSyncConfig(db)]);

    expect(await secretsInRawRows(db)).toEqual([]);
    expect(await readProviderSettings(db)).toEqual(PROVIDER);
    expect(await readSyncConfig(db)).toEqual(SYNC);
    const sealedRows = await db.settings.toArray();
    await Promise.all([sealStoredApiKey(db), sealStoredSyncConfig(db)]);
    expect(await db.settings.toArray()).toEqual(sealedRows);
  });

  it('cannot be opened once the device key is gone: the key is left out, sync asks again in words', async () => {
    await saveProviderSettings(db, PROVIDER);
    await writeSyncConfig(db, SYNC);
    await getDeviceKeyDatabase().sealKeys.clear();

    expect(await readProviderSettings(db)).toEqual({ kind: 'openai', model: 'gpt-4.1-mini' });
    expect(await readSyncConfig(db)).toEqual({
      url: '',
      user: 'alice',
      secret: { kind: 'password', password: '' },
      enabled: true,
      unreadable: true,
    });
  });

  it('reach neither the export nor Activity', async () => {
    await saveProviderSettings(db, PROVIDER);
    await writeSyncConfig(db, SYNC);
    await createTask(db, 'After the secrets were saved');

    const exported = JSON.stringify(await exportJournal(db));
    const audit = JSON.stringify(await db.auditMessages.toArray());
    expect(exported).toContain('After the secrets were saved');
    expect(audit).not.toBe('[]');
    for (const secret of SECRETS) {
      expect(exported).not.toContain(secret);
      expect(audit).not.toContain(secret);
    }
  });
});
