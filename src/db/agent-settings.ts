/**
 * The agent's settings on this device: how to reach a model and whether to wake
 * automatically. Kept in the `settings` table, which the journal export never includes:
 * an API key never leaves this device, and is stored sealed (settings-seal.ts). The
 * person's choices (trusted tools, proposal expiry, the schedule) are journal data on the
 * agent's row, read here too; they are written through dispatch (dispatcher/agent-choices.ts).
 */
import { z } from 'zod';
import { providerSettingsSchema, type ProviderSettings } from '../domain/provider-settings';
import { readDefaultAgent } from './agent-config';
import type { CountersignDatabase } from './database';
import { SETTING_KEYS } from './setting-keys';
import { readSetting, writeSetting } from './settings';
import { isSealedSecret, openSecret, sealSecret, type SealedSecret } from './settings-seal';

export const DEFAULT_TTL_DAYS = 7;

/** As stored: the key sealed, or in clear text as versions before sealing kept it. */
const storedProviderSchema = providerSettingsSchema.extend({
  apiKey: z.union([z.string(), z.custom<SealedSecret>(isSealedSecret)]).optional(),
});

/**
 * The saved provider, or undefined when none is set (or what is stored no longer parses).
 * A key this device can no longer open is left out: the provider refuses, and the person
 * types it again.
 */
export async function readProviderSettings(
  db: CountersignDatabase,
): Promise<ProviderSettings | undefined> {
  const parsed = storedProviderSchema.safeParse(await readSetting(db, SETTING_KEYS.provider));
  if (!parsed.success) return undefined;
  const { apiKey, ...settings } = parsed.data;
  if (apiKey === undefined) return settings;
  const opened = typeof apiKey === 'string' ? apiKey : await openSecret(apiKey);
  return opened === undefined ? settings : { ...settings, apiKey: opened };
}

export async function saveProviderSettings(
  db: CountersignDatabase,
  settings: ProviderSettings,
): Promise<void> {
  const { apiKey, ...rest } = providerSettingsSchema.parse(settings);
  const sealed = apiKey === undefined ? {} : { apiKey: await sealSecret(apiKey) };
  await writeSetting(db, SETTING_KEYS.provider, { ...rest, ...sealed });
}

/**
 * Seals a key stored in clear text by a version before sealing (run once the app opens).
 * Written only if the row is still the one read, so a save made meanwhile is kept.
 */
export async function sealStoredApiKey(db: CountersignDatabase): Promise<void> {
  const stored = await readSetting<{ apiKey?: unknown }>(db, SETTING_KEYS.provider);
  if (typeof stored?.apiKey !== 'string') return;
  const sealed = { ...stored, apiKey: await sealSecret(stored.apiKey) };
  await db.transaction('rw', db.settings, async () => {
    const now = await readSetting<{ apiKey?: unknown }>(db, SETTING_KEYS.provider);
    if (JSON.stringify(now) === JSON.stringify(stored))
      await writeSetting(db, SETTING_KEYS.provider, sealed);
  });
}

export async function readAutoWake(db: CountersignDatabase): Promise<boolean> {
  return (await readSetting<boolean>(db, SETTING_KEYS.autoWake)) === true;
}

export async function saveAutoWake(db: CountersignDatabase, enabled: boolean): Promise<void> {
  await writeSetting(db, SETTING_KEYS.autoWake, enabled);
}

/** How long proposals wait for review: the person's choice, on the agent's synced row. */
export async function readTtlDays(db: CountersignDatabase): Promise<number> {
  return (await readDefaultAgent(db))?.ttlDays ?? DEFAULT_TTL_DAYS;
}

/** Deferred tools the person lets the agent apply without asking (by model tool name), synced. */
export async function readTrustedTools(db: CountersignDatabase): Promise<string[]> {
  return (await readDefaultAgent(db))?.trustedTools ?? [];
}

/**
 * What a version before synced choices kept on this device (trusted tools, proposal
 * expiry), for their one move into the journal (dispatcher/agent-choices.ts).
 */
export async function readDeviceChoices(
  db: CountersignDatabase,
): Promise<{ trustedTools?: string[]; ttlDays?: number }> {
  const tools = z.array(z.string().min(1).max(100)).max(100);
  const days = z.number().int().min(1).max(365);
  const trusted = tools.safeParse(await readSetting(db, SETTING_KEYS.trustedTools));
  const ttl = days.safeParse(await readSetting(db, SETTING_KEYS.changeSetTtlDays));
  return {
    ...(trusted.success && trusted.data.length > 0
      ? { trustedTools: [...new Set(trusted.data)] }
      : {}),
    ...(ttl.success ? { ttlDays: ttl.data } : {}),
  };
}

export async function forgetDeviceChoices(db: CountersignDatabase): Promise<void> {
  await db.settings.bulkDelete([SETTING_KEYS.trustedTools, SETTING_KEYS.changeSetTtlDays]);
}

/** At most this many configurations are remembered; the oldest is forgotten first. */
const WHOLE_ANSWERS_KEPT = 20;

/** Whether this provider configuration's server was found unable to stream tool calls. */
export async function readWholeAnswers(
  db: CountersignDatabase,
  configuration: string,
): Promise<boolean> {
  return (await readWholeAnswerConfigurations(db)).includes(configuration);
}

export async function rememberWholeAnswers(
  db: CountersignDatabase,
  configuration: string,
): Promise<void> {
  const kept = (await readWholeAnswerConfigurations(db)).filter((key) => key !== configuration);
  await writeSetting(
    db,
    SETTING_KEYS.wholeAnswers,
    [...kept, configuration].slice(-WHOLE_ANSWERS_KEPT),
  );
}

async function readWholeAnswerConfigurations(db: CountersignDatabase): Promise<string[]> {
  const parsed = z.array(z.string()).safeParse(await readSetting(db, SETTING_KEYS.wholeAnswers));
  return parsed.success ? parsed.data : [];
}
