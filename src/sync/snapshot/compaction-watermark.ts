/**
 * The operator's compaction watermark (decisions/0011), read by a device before it opens
 * the feed: a cursor below it must start from a snapshot, because an ordered consumer
 * started inside the purged range would skip the gap without a word. Published by the
 * maintenance user only; still checked with zod.
 */
import { z } from 'zod';
import type { SyncSubjects } from '../transport/sync-subjects';
import type { StoredClaim } from '../transport/sync-transport';

const watermarkSchema = z.object({
  v: z.literal(1),
  watermark: z.number().int().nonnegative(),
  snapshotId: z.string().max(64),
  at: z.string().max(40),
});

export type Watermark = { watermark: number; snapshotId: string } | { unreadable: string };

export async function readWatermark(
  readLast: (subject: string) => Promise<StoredClaim | undefined>,
  subjects: SyncSubjects,
): Promise<Watermark> {
  const stored = await readLast(subjects.compactionWatermarks);
  if (!stored) return { watermark: 0, snapshotId: '' };
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(stored.data));
  } catch {
    return { unreadable: 'the server’s compaction watermark is not JSON text' };
  }
  const parsed = watermarkSchema.safeParse(json);
  if (!parsed.success) return { unreadable: 'the server’s compaction watermark is not valid' };
  return { watermark: parsed.data.watermark, snapshotId: parsed.data.snapshotId };
}
