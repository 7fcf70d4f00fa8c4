/**
 * The agent's settings on this device: how to reach a model, whether to wake
 * automatically, and how long proposals wait for review. Kept in the `settings` table,
 * which the journal export never includes: an API key never leaves this device.
 */
import { z } from 'zod';
import { providerSettingsSchema, type ProviderSettings } from '../domain/provider-settings';
import type { CountersignDatabase } from './database';
import { SETTING_KEYS } from './setting-keys';
import { readSetting, writeSetting } from './settings';

export const DEFAULT_TTL_DAYS = 7;

/** The saved provider, or undefined when none is set (or what is stored no longer parses). */
export async function readProviderSettings(
  db: CountersignDatabase,
): Promise<ProviderSettings | undefined> {
  const parsed = providerSettingsSchema.safeParse(await readSetting(db, SETTING_KEYS.provider));
  return parsed.success ? parsed.data : undefined;
}

export async function saveProviderSettings(
  db: CountersignDatabase,
  settings: ProviderSettings,
): Promise<void> {
  await writeSetting(db, SETTING_KEYS.provider, providerSettingsSchema.parse(settings));
}

export async function readAutoWake(db: CountersignDatabase): Promise<boolean> {
  return (await readSetting<boolean>(db, SETTING_KEYS.autoWake)) === true;
}

export async function saveAutoWake(db: CountersignDatabase, enabled: boolean): Promise<void> {
  await writeSetting(db, SETTING_KEYS.autoWake, enabled);
}

export async function readTtlDays(db: CountersignDatabase): Promise<number> {
  const parsed = z
    .number()
    .int()
    .min(1)
    .max(365)
    .safeParse(await readSetting(db, SETTING_KEYS.changeSetTtlDays));
  return parsed.success ? parsed.data : DEFAULT_TTL_DAYS;
}

export async function saveTtlDays(db: CountersignDatabase, days: number): Promise<void> {
  await writeSetting(
    db,
    SETTING_KEYS.changeSetTtlDays,
    z.number().int().min(1).max(365).parse(days),
  );
}

/** Deferred tools the person lets the agent apply without asking (by model tool name). */
export async function readTrustedTools(db: CountersignDatabase): Promise<string[]> {
  const parsed = z.array(z.string()).safeParse(await readSetting(db, SETTING_KEYS.trustedTools));
  return parsed.success ? parsed.data : [];
}

export async function saveTrustedTools(
  db: CountersignDatabase,
  toolNames: string[],
): Promise<void> {
  await writeSetting(db, SETTING_KEYS.trustedTools, [...new Set(toolNames)]);
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
