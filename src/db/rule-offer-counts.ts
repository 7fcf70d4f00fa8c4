/**
 * What a rule offer counts, read once when a decision is made (never on render): one
 * tool's decisions of one verdict, through the `[toolName+verdict]` index, and the offers
 * already made on this device.
 */
import { z } from 'zod';
import type { Decision } from '../domain/change-set';
import { ruleStops } from '../domain/rule';
import type { CountersignDatabase } from './database';
import { readSetting, writeSetting } from './settings';
import { SETTING_KEYS } from './setting-keys';

const counted = (decision: Decision) =>
  decision.actor === 'user' && decision.undoneAt === undefined && decision.deletedAt === undefined;

/** The person's rejections of `toolName` on live tasks of `categoryId` (for one label, when given). */
export async function countRejectionsInCategory(
  db: CountersignDatabase,
  toolName: string,
  categoryId: string,
  labelId: string | undefined,
): Promise<number> {
  const taskIds = new Set(
    (await db.tasks.where('categoryId').equals(categoryId).toArray())
      .filter((task) => task.deletedAt === undefined)
      .map((task) => task.id),
  );
  const rejections = await db.decisions
    .where('[toolName+verdict]')
    .equals([toolName, 'rejected'])
    .toArray();
  return rejections.filter(
    (decision) =>
      counted(decision) &&
      taskIds.has(decision.taskId) &&
      (labelId === undefined || decision.args.id === labelId),
  ).length;
}

/** The person's confirmations of `toolName` as proposed: no edit, not undone. */
export async function countCleanConfirmations(
  db: CountersignDatabase,
  toolName: string,
): Promise<number> {
  const confirmations = await db.decisions
    .where('[toolName+verdict]')
    .equals([toolName, 'confirmed'])
    .toArray();
  return confirmations.filter((decision) => counted(decision) && decision.appliedArgs === undefined)
    .length;
}

/** Whether a live rule already stops this. */
export async function hasSuppressionRule(
  db: CountersignDatabase,
  toolName: string,
  categoryId: string,
  labelId: string | undefined,
): Promise<boolean> {
  const rules = await db.rules.where('categoryId').equals(categoryId).toArray();
  const args = labelId === undefined ? {} : { id: labelId };
  return rules.some(
    (rule) =>
      ruleStops(rule, toolName, args, categoryId) && (rule.labelId ?? undefined) === labelId,
  );
}

export async function readOffersMade(db: CountersignDatabase): Promise<Set<string>> {
  const parsed = z.array(z.string()).safeParse(await readSetting(db, SETTING_KEYS.ruleOffersMade));
  return new Set(parsed.success ? parsed.data : []);
}

/** Records that an offer was made (shown once: accepted, dismissed or ignored, it is not made again). */
export async function markOfferMade(db: CountersignDatabase, key: string): Promise<void> {
  await db.transaction('rw', db.settings, async () => {
    const made = await readOffersMade(db);
    made.add(key);
    await writeSetting(db, SETTING_KEYS.ruleOffersMade, [...made].slice(-500));
  });
}
